/** How long POST /ext/estimate's prices are held for a create. */
export const QUOTE_TTL_MS = 10 * 60_000;

/**
 * How far a create's pickup or destination may lie from the quoted one: geocoders and map pins
 * move a point by a few metres between an estimate and a create; a different street is a new price.
 */
export const QUOTE_TOLERANCE_M = 100;

/**
 * The longest `quote_id` a create accepts. A quote token is about 150 characters (a 2-character
 * key id, a 3-letter currency, a 26-character account id; lib/pricing/server/internal/quotes/quote-token.ts); 250 leaves
 * room for a 32-character key id. `dispatches.quote_id` is text, and its unique index takes it.
 */
export const QUOTE_ID_MAX_LENGTH = 250;

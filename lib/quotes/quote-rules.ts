/** How long POST /ext/estimate's prices are held for a create. */
export const QUOTE_TTL_MS = 10 * 60_000;

/**
 * How far a create's pickup or destination may lie from the quoted one: geocoders and map pins
 * move a point by a few metres between an estimate and a create; a different street is a new price.
 */
export const QUOTE_TOLERANCE_M = 100;

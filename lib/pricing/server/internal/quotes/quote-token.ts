import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LatLng } from '@/lib/pricing/shared/estimates/route-estimator';
import { pooledRandomBytes } from '@/lib/platform/server/ids/new-id';
import type { Price } from '@/lib/pricing/shared/tariff';

// A quote is not stored: its `quote_id` is the quote, signed. `quo_` + base64url of
//
//   version (1 byte, 1) | key id length (1) | key id (ASCII) | nonce (8 random bytes)
//   | expires, Unix ms (6, big-endian)
//   | pickup lat, lng, destination lat, lng (4 each: int32 of 1e-7 degrees, ~1 cm)
//   | delivery, VAT in minor units (6 each) | currency length (1) | currency
//   | account id length (1) | account id | HMAC-SHA256 of everything before it (32)
//
// The MAC is keyed by the server key the key id names (lib/pricing/server/internal/quotes/quote-keys.ts), over a context
// string and every byte before it, so no field can be changed, dropped or moved to another key.
// The nonce makes every estimate its own quote: two estimates of one route in the same
// millisecond were the same token, and the second one's create was refused as used (seen under
// load with two server processes). A token is about 150 characters (QUOTE_ID_MAX_LENGTH bounds it): no reply or row holds
// anything it does not already show (account id, prices, points, expiry), so it need not be
// encrypted. Used once is not the token's business: the unique index on dispatches.quote_id is.

const PREFIX = 'quo_';
const VERSION = 1;
const MAC_CONTEXT = 'dispatch quote v1\0';
const MAC_BYTES = 32;
const NONCE_BYTES = 8;
const COORDINATE_SCALE = 1e7;
/** base64url only: anything else is not a token of ours. */
const TOKEN = /^quo_[\w-]+$/;

/** What a quote holds: whose it is, until when, the points it priced and the price. */
export interface QuoteClaims {
  accountId: string;
  expiresAt: Date;
  pickup: LatLng;
  destination: LatLng;
  price: Price;
  currency: string;
}

/** A server key: `kid` is written into each token it signs. */
export interface QuoteKey {
  kid: string;
  secret: string;
}

function macOf(secret: string, signed: Buffer): Buffer {
  return createHmac('sha256', secret).update(MAC_CONTEXT).update(signed).digest();
}

function shortText(value: string, what: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length === 0 || bytes.length > 255) throw new Error(`quote token: ${what} must be 1–255 bytes`);
  return Buffer.concat([Buffer.from([bytes.length]), bytes]);
}

/** The `quote_id` of `claims`, signed with `key`. */
export function signQuote(claims: QuoteClaims, key: QuoteKey): string {
  const fixed = Buffer.alloc(6 + 16 + 12);
  let at = fixed.writeUIntBE(claims.expiresAt.getTime(), 0, 6);
  for (const point of [claims.pickup, claims.destination]) {
    at = fixed.writeInt32BE(Math.round(point.lat * COORDINATE_SCALE), at);
    at = fixed.writeInt32BE(Math.round(point.lng * COORDINATE_SCALE), at);
  }
  at = fixed.writeUIntBE(claims.price.deliveryMinor, at, 6);
  fixed.writeUIntBE(claims.price.vatMinor, at, 6);
  const signed = Buffer.concat([
    Buffer.from([VERSION]),
    shortText(key.kid, 'key id'),
    pooledRandomBytes(NONCE_BYTES),
    fixed,
    shortText(claims.currency, 'currency'),
    shortText(claims.accountId, 'account id'),
  ]);
  return `${PREFIX}${Buffer.concat([signed, macOf(key.secret, signed)]).toString('base64url')}`;
}

/** Reads a length-prefixed text at `at`, or null past the end. */
function readShortText(bytes: Buffer, at: number): { value: string; next: number } | null {
  if (at >= bytes.length) return null;
  const next = at + 1 + bytes[at]!;
  return next > bytes.length ? null : { value: bytes.toString('utf8', at + 1, next), next };
}

/**
 * The claims of a token signed by one of `keys`, or null: malformed, another version, an unknown
 * key id, or a MAC that does not match (tampered). Expiry and account are the caller's to judge.
 */
export function verifyQuote(token: string, keys: readonly QuoteKey[]): QuoteClaims | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token.slice(PREFIX.length), 'base64url');
  // Decoding skips stray characters: only a canonical encoding is a token.
  if (bytes.toString('base64url') !== token.slice(PREFIX.length)) return null;
  if (bytes.length < 2 + MAC_BYTES || bytes[0] !== VERSION) return null;
  const signed = bytes.subarray(0, bytes.length - MAC_BYTES);
  const kid = readShortText(signed, 1);
  if (!kid) return null;
  const key = keys.find((candidate) => candidate.kid === kid.value);
  if (!key || !timingSafeEqual(macOf(key.secret, signed), bytes.subarray(signed.length))) return null;
  // Signed by us: the layout is ours, but read it defensively all the same.
  let at = kid.next + NONCE_BYTES;
  if (at + 34 > signed.length) return null;
  const expiresAt = new Date(signed.readUIntBE(at, 6));
  at += 6;
  const points: LatLng[] = [];
  for (let n = 0; n < 2; n++, at += 8) {
    points.push({ lat: signed.readInt32BE(at) / COORDINATE_SCALE, lng: signed.readInt32BE(at + 4) / COORDINATE_SCALE });
  }
  const price = { deliveryMinor: signed.readUIntBE(at, 6), vatMinor: signed.readUIntBE(at + 6, 6) };
  const currency = readShortText(signed, at + 12);
  const accountId = currency && readShortText(signed, currency.next);
  if (!currency || !accountId || accountId.next !== signed.length) return null;
  return { accountId: accountId.value, expiresAt, pickup: points[0]!, destination: points[1]!, price, currency: currency.value };
}

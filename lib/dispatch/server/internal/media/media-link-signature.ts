import { createHmac, timingSafeEqual } from 'node:crypto';

// The expiring signed link of a medium kept on the filesystem (`/media/{id}?expires=…&signature=…`):
// HMAC-SHA256 over the media id, its account and the expiry.
//
// The MAC key is the medium's storage key (`dispatch_media.key`). The project configures no
// server-wide secret (known devices key their MAC with the password hash for the same reason),
// and the storage key is one: it ends in 131 random bits (lib/dispatch/server/media/store-media.ts), only the
// database holds it (no reply, link or log shows it), and every server process reads the same
// one without configuration. One medium's link proves nothing for another, and a link names
// its account, so a copy cannot be re-aimed at another account's medium.

/** How long a signed link works (the design: 10 minutes). */
export const MEDIA_LINK_TTL_S = 600;
const MAC_CONTEXT = 'dispatch media link v1';
const SIGNATURE = /^[\w-]{43}$/;
const EXPIRES = /^\d{1,12}$/;

/** The signed part of a link: which medium, whose, until when (Unix seconds). */
export interface MediaLinkClaims {
  id: string;
  accountId: string;
  expires: number;
}

function macOf(secret: string, claims: MediaLinkClaims): string {
  return createHmac('sha256', secret).update(`${MAC_CONTEXT}|${claims.id}|${claims.accountId}|${claims.expires}`).digest('base64url');
}

/** The query string of a link valid MEDIA_LINK_TTL_S from `now`: `expires=…&signature=…`. */
export function signMediaLink(options: { id: string; accountId: string; secret: string; now: Date }): string {
  const expires = Math.floor(options.now.getTime() / 1000) + MEDIA_LINK_TTL_S;
  const signature = macOf(options.secret, { id: options.id, accountId: options.accountId, expires });
  return `expires=${expires}&signature=${signature}`;
}

/**
 * Whether `expires` and `signature` (the link's query, as given) are a valid, unexpired signature
 * of the medium. Malformed values are simply invalid.
 */
export function isMediaLinkValid(options: {
  id: string;
  accountId: string;
  secret: string;
  expires: string | null;
  signature: string | null;
  now: Date;
}): boolean {
  const { expires, signature } = options;
  if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return false;
  const expiresAt = Number(expires);
  if (expiresAt * 1000 <= options.now.getTime()) return false;
  // A link is never made for longer than the TTL: a far-future `expires` is not ours.
  if (expiresAt * 1000 > options.now.getTime() + (MEDIA_LINK_TTL_S + 60) * 1000) return false;
  const expected = Buffer.from(macOf(options.secret, { id: options.id, accountId: options.accountId, expires: expiresAt }));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

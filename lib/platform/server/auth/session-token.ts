import { createHash, randomBytes } from 'node:crypto';

/** How long a session lives without use; each use past half of it renews it. */
export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/** A new session token: 32 random bytes (256 bits), base64url. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

// A 256-bit random token cannot be guessed, so a fast hash protects it as well as a slow one.
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

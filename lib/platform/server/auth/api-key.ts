import { createHash } from 'node:crypto';
import { newSecret } from '@/lib/platform/server/ids/new-id';

export const API_KEY_PREFIX = 'dsp_live_';

/** A new API key: recognisable prefix + 40 random base62 characters (≈ 238 bits). */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${newSecret(40)}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), hash: hashApiKey(key) };
}

// Keys are long random strings, so a fast hash is enough: nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key from `x-api-key`, `api_key` or `Authorization: Bearer <key>`, in that order. */
export function readApiKey(headers: Headers): string | null {
  for (const name of ['x-api-key', 'api_key']) {
    const value = headers.get(name)?.trim();
    if (value) return value;
  }
  const authorization = headers.get('authorization');
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

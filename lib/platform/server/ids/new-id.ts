import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// Crockford base32 without I, L, O, U: readable aloud and over the phone.
const READABLE = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// Random bytes are drawn from the CSPRNG in batches, as Node's randomUUID does: one call per id
// cost more than the rest of the id (3 % of a create's CPU; four ids per create, bench/).
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function randomByte(): number {
  if (poolOffset === pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

/** `length` bytes from the same pool (a nonce): cheaper than a randomBytes call of its own. */
export function pooledRandomBytes(length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) out[i] = randomByte();
  return out;
}

function randomString(alphabet: string, length: number): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < limit) out += alphabet[byte % alphabet.length];
  }
  return out;
}

/** An opaque identifier with a type prefix, e.g. `dsp_4f9Xk2...` (22 base62 chars ≈ 131 bits). */
export function newId(prefix: string): string {
  return `${prefix}_${randomString(BASE62, 22)}`;
}

/** A short code a person can read out: 8 characters of Crockford base32 (40 bits). */
export function newReadableCode(): string {
  return randomString(READABLE, 8);
}

/** A secret of `length` base62 characters. */
export function newSecret(length: number): string {
  return randomString(BASE62, length);
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
let lastMs = 0;
let sequence = 0;

/**
 * A time-ordered identifier: 9 base36 characters of milliseconds, 4 of a per-process sequence,
 * 9 random. Lowercase base36 sorts the same under every collation, so ordering by id breaks
 * created_at ties in creation order (within a process).
 */
export function newSortableId(prefix: string): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else {
    sequence++;
  }
  const time = lastMs.toString(36).padStart(9, '0');
  const seq = (sequence % 36 ** 4).toString(36).padStart(4, '0');
  return `${prefix}_${time}${seq}${randomString(BASE36, 9)}`;
}

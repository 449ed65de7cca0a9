import { randomBytes } from 'node:crypto';
import { db, type Db } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { processWide } from '@/lib/platform/server/process-wide';
import type { QuoteKey } from '@/lib/pricing/server/internal/quotes/quote-token';

// The keys of quote tokens: QUOTE_SIGNING_KEYS when it is set (the first signs, all verify: a
// rotation lists the new key first and keeps the old one until its quotes have expired).
// Unset, the project's way with server secrets holds (lib/dispatch/server/internal/media/media-link-signature.ts,
// lib/platform/server/auth/known-device.ts): nothing to configure, a secret only the database holds, the same
// for every server process on it. The first process that needs it generates it (256 random
// bits) and stores it in `server_secrets`; a concurrent first keeps whichever row won.

const SECRET_NAME = 'quote_signing';
/** The key id written into quotes signed by the stored key. */
export const STORED_QUOTE_KEY_ID = 'db';

/** The stored key, read once per process and database (tests open several). */
const storedKeys = () => processWide('quote-signing-key', () => new WeakMap<Db, Promise<QuoteKey>>());

async function loadStoredKey(client: Db): Promise<QuoteKey> {
  await client.serverSecret.createMany({ data: [{ name: SECRET_NAME, secret: randomBytes(32).toString('base64url') }], skipDuplicates: true });
  const { secret } = await client.serverSecret.findUniqueOrThrow({ where: { name: SECRET_NAME }, select: { secret: true } });
  return { kid: STORED_QUOTE_KEY_ID, secret };
}

function storedKey(): Promise<QuoteKey> {
  const client = db();
  const cache = storedKeys();
  let key = cache.get(client);
  if (!key) {
    key = loadStoredKey(client);
    // A failed read (the database briefly away) is tried again by the next request.
    key.catch(() => cache.delete(client));
    cache.set(client, key);
  }
  return key;
}

/** The keys a quote is verified with; the first one signs. */
export async function quoteKeys(): Promise<readonly QuoteKey[]> {
  return getEnv().QUOTE_SIGNING_KEYS ?? [await storedKey()];
}

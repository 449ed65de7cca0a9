import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '@/lib/platform/server/auth/api-key';
import { cachedCaller } from '@/lib/platform/server/auth/caller-cache';
import { db, dbKind } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { call } from '@/test/api';
import { newAccount } from '@/test/fixtures';

/** Runs SQL the way another server instance (or an operator with psql) would. */
async function elsewhere(sql: string, values: unknown[]) {
  if (dbKind() === 'pglite') {
    await db().$executeRawUnsafe(sql, ...values);
    return;
  }
  const client = new pg.Client({ connectionString: getEnv().DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

async function cachedAccount() {
  const account = await newAccount();
  const hash = hashApiKey(account.api_key);
  // The first lookups start the listener; once it is live, a lookup is cached.
  const isCached = await eventually(async () => {
    await call('GET', '/ext/dispatches', { apiKey: account.api_key });
    return cachedCaller(hash) !== undefined;
  });
  expect(isCached).toBe(true);
  return { account, hash };
}

describe('API key cache', () => {
  it('serves a known key from the cache', async () => {
    const { account, hash } = await cachedAccount();
    expect(cachedCaller(hash)?.accountId).toBe(account.id);
  });

  it('stops accepting a key revoked by another instance, without waiting for the cache to expire', async () => {
    const { account, hash } = await cachedAccount();
    await elsewhere('UPDATE api_keys SET revoked_at = now() WHERE hash = $1', [hash]);
    expect(await eventually(async () => (await call('GET', '/ext/dispatches', { apiKey: account.api_key })).status === 401)).toBe(true);
    expect(cachedCaller(hash)).toBeUndefined();
  });

  it('prices with a tariff changed by another instance', async () => {
    const { account } = await cachedAccount();
    await elsewhere('UPDATE accounts SET currency = $1, base_fare_minor = 0, per_km_minor = 0, min_fare_minor = 700 WHERE id = $2', ['EUR', account.id]);
    const body = { pickup: { lat: 1, lng: 1 }, destination: { lat: 1.01, lng: 1 } };
    expect(
      await eventually(async () => {
        const response = await call('POST', '/ext/estimate', { apiKey: account.api_key, body });
        return response.body.data.delivery_price_text === '7.00 EUR';
      }),
    ).toBe(true);
  });
});

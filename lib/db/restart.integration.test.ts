import { describe, expect, it } from 'vitest';
import { closeDb, db } from '@/lib/db/client';
import { call } from '@/lib/testing/api';
import { dispatchBody, newAccount } from '@/lib/testing/fixtures';

describe('restart', () => {
  it('keeps every account, key, dispatch, history entry and event across a close and reopen', async () => {
    const account = await newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() })).body.data.id);
    }
    const before = await Promise.all(ids.map(async (id) => (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body));
    const eventsBefore = await db().dispatchEvent.count({ where: { accountId: account.id } });

    await closeDb();

    const after = await Promise.all(ids.map(async (id) => (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body));
    expect(after).toEqual(before);
    expect(await db().dispatchEvent.count({ where: { accountId: account.id } })).toBe(eventsBefore);
  });
});

describe('embedded database lock', () => {
  it('makes a second process fail loudly instead of opening the same data directory', async (context) => {
    const { dbKind } = await import('@/lib/db/client');
    const { runMigrateScript } = await import('@/lib/testing/run-migrations');
    await db().$queryRaw`SELECT 1`;
    if (dbKind() !== 'pglite') return context.skip();
    await expect(runMigrateScript({ DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: '' })).rejects.toMatchObject({
      stderr: expect.stringMatching(/in use by process \d+/),
    });
  });
});

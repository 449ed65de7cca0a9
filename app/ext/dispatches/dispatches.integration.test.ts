import { beforeAll, describe, expect, it } from 'vitest';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';

const ADMIN = { refType: 'admin', refId: 'test' } as const;

async function pageThrough(path: string, apiKey: string, limit: number, between?: () => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await call('GET', url, { apiKey });
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeLessThanOrEqual(limit);
    ids.push(...response.body.data.map((record: { id: string }) => record.id));
    cursor = response.body.next_cursor;
    pages++;
    if (between) await between();
  } while (cursor);
  return { ids, pages };
}

describe('GET /ext/dispatches', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let other: Awaited<ReturnType<typeof newAccount>>;
  const created: string[] = [];

  beforeAll(async () => {
    account = await newAccount();
    other = await newAccount();
    for (let i = 0; i < 23; i++) {
      const record = await createDispatch({
        accountId: account.id,
        input: dispatchBody({ vendor_bid: i % 3 === 0 ? 'branch-a' : 'branch-b' }),
      });
      created.push(record.id);
    }
    await createDispatch({ accountId: other.id, input: dispatchBody() });
  });

  it('lists only the caller’s dispatches, newest first, 50 by default, with next_cursor null at the end', async () => {
    const response = await call('GET', '/ext/dispatches', { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['data', 'next_cursor']);
    expect(response.body.data.map((record: { id: string }) => record.id)).toEqual([...created].reverse());
    expect(response.body.next_cursor).toBeNull();
  });

  it('pages without skipping or repeating', async () => {
    const { ids, pages } = await pageThrough('/ext/dispatches', account.api_key, 5);
    expect(pages).toBe(5);
    expect(ids).toEqual([...created].reverse());
  });

  it('pages without skipping or repeating while new dispatches arrive', async () => {
    const before = [...created].reverse();
    const { ids } = await pageThrough('/ext/dispatches', account.api_key, 4, async () => {
      await createDispatch({ accountId: account.id, input: dispatchBody() });
      await createDispatch({ accountId: account.id, input: dispatchBody() });
    });
    // Rows inserted while paging are newer than every cursor; the pre-existing ones all appear once.
    expect(ids).toEqual(before);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by vendor_bid, vendor_oid, status and creation time', async () => {
    const byBranch = await call('GET', '/ext/dispatches?vendor_bid=branch-a&limit=200', { apiKey: account.api_key });
    expect(byBranch.body.data).toHaveLength(8);
    expect(byBranch.body.data.every((record: { vendor_bid: string }) => record.vendor_bid === 'branch-a')).toBe(true);

    const one = (await call('GET', `/ext/dispatch/${created[4]}`, { apiKey: account.api_key })).body.data;
    const byOid = await call('GET', `/ext/dispatches?vendor_oid=${one.vendor_oid}`, { apiKey: account.api_key });
    expect(byOid.body.data.map((record: { id: string }) => record.id)).toEqual([one.id]);

    await changeStatus({ id: created[2]!, scope: accountScope(account.id), status: 'cancelled', actor: ADMIN });
    const cancelled = await call('GET', '/ext/dispatches?status=cancelled', { apiKey: account.api_key });
    expect(cancelled.body.data.map((record: { id: string }) => record.id)).toEqual([created[2]]);

    const from = new Date(`${one.created_at.replace(' ', 'T')}Z`).toISOString();
    const since = await call('GET', `/ext/dispatches?created_from=${from}&limit=200`, { apiKey: account.api_key });
    expect(since.body.data.map((record: { id: string }) => record.id)).toContain(one.id);
    expect(since.body.data.map((record: { id: string }) => record.id)).not.toContain(created[0]);
    const until = await call('GET', `/ext/dispatches?created_to=${from}&limit=200`, { apiKey: account.api_key });
    expect(until.body.data.map((record: { id: string }) => record.id)).not.toContain(one.id);
    expect(until.body.data.map((record: { id: string }) => record.id)).toContain(created[0]);
  });

  it.each([
    ['limit=0', /limit/],
    ['limit=201', /limit/],
    ['limit=abc', /limit/],
    ['status=flying', /status/],
    ['created_from=yesterday', /created_from/],
    ['cursor=not-a-cursor', /cursor/],
    ['vendor_oid=a%00b', /vendor_oid: must not contain NUL/],
    ['vendor_bid=%00', /vendor_bid: must not contain NUL/],
  ])('refuses %s with 400', async (query, field) => {
    const response = await call('GET', `/ext/dispatches?${query}`, { apiKey: account.api_key });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(field);
  });

  it('answers 401 without a key', async () => {
    expect((await call('GET', '/ext/dispatches')).status).toBe(401);
  });
});

describe('GET /ext/dispatches/d/{driver_id}', () => {
  it("lists a driver's dispatches of the caller's account only, newest first, paged", async () => {
    const account = await newAccount();
    const other = await newAccount();
    const driver = await newDriver();
    const mine: string[] = [];
    for (let i = 0; i < 7; i++) {
      const record = await createDispatch({ accountId: account.id, input: dispatchBody() });
      await assignDriver({ id: record.id, scope: platformScope(), driverId: driver.id, actor: ADMIN });
      mine.push(record.id);
    }
    await createDispatch({ accountId: account.id, input: dispatchBody() }); // not assigned
    const theirs = await createDispatch({ accountId: other.id, input: dispatchBody() });
    await assignDriver({ id: theirs.id, scope: platformScope(), driverId: driver.id, actor: ADMIN });

    const response = await call('GET', `/ext/dispatches/d/${driver.id}`, { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(response.body.data.map((record: { id: string }) => record.id)).toEqual([...mine].reverse());
    expect(response.body.data.every((record: { assigned_driver_id: string }) => record.assigned_driver_id === driver.id)).toBe(true);
    expect(response.body.data[0].status.map((entry: { status: string }) => entry.status)).toEqual(['new', 'assigned']);

    const { ids } = await pageThrough(`/ext/dispatches/d/${driver.id}`, account.api_key, 3);
    expect(ids).toEqual([...mine].reverse());

    const forOther = await call('GET', `/ext/dispatches/d/${driver.id}`, { apiKey: other.api_key });
    expect(forOther.body.data.map((record: { id: string }) => record.id)).toEqual([theirs.id]);
  });

  it('answers an empty list for an unknown driver, and 401 without a key', async () => {
    const account = await newAccount();
    const response = await call('GET', '/ext/dispatches/d/drv_unknown', { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], next_cursor: null });
    expect((await call('GET', '/ext/dispatches/d/drv_unknown')).status).toBe(401);
  });

  it('refuses a driver id with a NUL character with 400 (PostgreSQL text cannot hold one)', async () => {
    const account = await newAccount();
    const response = await call('GET', '/ext/dispatches/d/drv%00x', { apiKey: account.api_key });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', error_desc: 'driver_id: must not contain NUL characters' });
  });
});

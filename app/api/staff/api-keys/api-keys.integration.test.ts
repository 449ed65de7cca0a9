import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiKeySchema, CreatedApiKeySchema } from '@/lib/accounts/shared/schemas';
import { db } from '@/lib/platform/server/db/client';
import { CROSS_SITE, call, postRefusedAsStaff } from '@/test/api';
import { newAccount, staffOfNewAccount } from '@/test/fixtures';

describe('GET /api/staff/api-keys', () => {
  it("lists the account's keys by prefix, never the key, its hash or another account's keys", async () => {
    const { account, cookie } = await staffOfNewAccount();
    await newAccount();
    const response = await call('GET', '/api/staff/api-keys', { cookie });
    expect(response.status).toBe(200);
    expect(z.object({ data: z.array(ApiKeySchema.strict()) }).parse(response.body)).toEqual(response.body);
    expect(response.body.data).toEqual([
      { id: expect.stringMatching(/^key_/), name: 'Default key', prefix: account.api_key.slice(0, 15), created_at: expect.any(String), revoked_at: null },
    ]);
    expect(JSON.stringify(response.body)).not.toContain(account.api_key);
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/staff/api-keys')).status).toBe(401);
  });
});

describe('POST /api/staff/api-keys', () => {
  it('creates a key shown once that authenticates the vendor API; the list shows its prefix', async () => {
    const { account, cookie } = await staffOfNewAccount();
    const response = await call('POST', '/api/staff/api-keys', { cookie, body: { name: '  POS integration  ' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(z.object({ data: CreatedApiKeySchema.strict() }).parse(response.body)).toEqual(response.body);
    const created = response.body.data;
    expect(created).toMatchObject({ name: 'POS integration', revoked_at: null, key: expect.stringMatching(/^dsp_live_\w{40}$/) });
    expect(created.prefix).toBe(created.key.slice(0, 15));

    const list = await call('GET', '/ext/dispatches', { apiKey: created.key });
    expect(list.status).toBe(200);
    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.accountId).toBe(account.id);
    expect(stored.hash).not.toContain(created.key);

    const keys = (await call('GET', '/api/staff/api-keys', { cookie })).body.data;
    expect(keys.map((key: { name: string }) => key.name)).toEqual(['POS integration', 'Default key']);
    expect(JSON.stringify(keys)).not.toContain(created.key);
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ name: 'x'.repeat(101) }], [{ name: 7 }]])(
    'refuses %j with 400 invalid_request naming the field, and creates nothing',
    async (body) => {
      const account = await postRefusedAsStaff('/api/staff/api-keys', body, 'name');
      expect(await db().apiKey.count({ where: { accountId: account.id } })).toBe(1);
    },
  );

  it('answers 401 without a session and 403 to a cross-site request, creating nothing', async () => {
    const { account, cookie } = await staffOfNewAccount();
    expect((await call('POST', '/api/staff/api-keys', { body: { name: 'Nope' } })).status).toBe(401);
    const crossSite = await call('POST', '/api/staff/api-keys', { cookie, body: { name: 'Nope' }, headers: CROSS_SITE });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe('cross_site_request');
    expect(await db().apiKey.count({ where: { accountId: account.id } })).toBe(1);
  });
});

describe('DELETE /api/staff/api-keys/{id}', () => {
  it('revokes a key: the vendor API answers 401 to it from then on, the list shows when', async () => {
    const { cookie } = await staffOfNewAccount();
    const created = (await call('POST', '/api/staff/api-keys', { cookie, body: { name: 'Temporary' } })).body.data;
    expect((await call('GET', '/ext/dispatches', { apiKey: created.key })).status).toBe(200);

    const response = await call('DELETE', `/api/staff/api-keys/${created.id}`, { cookie });
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    const refused = await call('GET', '/ext/dispatches', { apiKey: created.key });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('unauthorized');
    const listed = (await call('GET', '/api/staff/api-keys', { cookie })).body.data.find((key: { id: string }) => key.id === created.id);
    expect(listed.revoked_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);

    // Revoking twice: nothing active to revoke.
    expect((await call('DELETE', `/api/staff/api-keys/${created.id}`, { cookie })).status).toBe(404);
  });

  it("answers 404 for another account's key (which keeps working) and for an unknown id", async () => {
    const { cookie } = await staffOfNewAccount();
    const other = await newAccount();
    const theirs = await db().apiKey.findFirstOrThrow({ where: { accountId: other.id }, select: { id: true } });
    for (const id of [theirs.id, 'key_unknown']) {
      const response = await call('DELETE', `/api/staff/api-keys/${id}`, { cookie });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    expect((await call('GET', '/ext/dispatches', { apiKey: other.api_key })).status).toBe(200);
  });

  it('answers 401 without a session and 403 to a cross-site request, revoking nothing', async () => {
    const { account, cookie } = await staffOfNewAccount();
    const key = await db().apiKey.findFirstOrThrow({ where: { accountId: account.id }, select: { id: true } });
    expect((await call('DELETE', `/api/staff/api-keys/${key.id}`)).status).toBe(401);
    const crossSite = await call('DELETE', `/api/staff/api-keys/${key.id}`, { cookie, headers: CROSS_SITE });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe('cross_site_request');
    expect((await call('GET', '/ext/dispatches', { apiKey: account.api_key })).status).toBe(200);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { call } from '@/test/api';
import { type AdminSession, newAccount, newConsoleSessions, newDriver, staffOfNewAccount } from '@/test/fixtures';

// An account's proof-of-delivery requirement (none | photo | signature | pin): set by the
// operator (ops API) or an admin (console); nobody else reaches it, and it is the account's own.

let admin: AdminSession;
let staffCookie: string;
let driverCookie: string;

beforeAll(async () => {
  ({ admin, staffCookie } = await newConsoleSessions());
  const driver = await newDriver();
  await setDriverSignIn({ driverId: driver.id, input: { phone: '+966599000123', pin: '583017' } });
  const signedIn = await call('POST', '/api/session', { body: { phone: '+966599000123', pin: '583017' }, headers: { 'sec-fetch-site': 'same-origin' } });
  driverCookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
});

const path = (surface: 'ops' | 'admin', accountId: string) => `/api/${surface}/accounts/${accountId}/proof-of-delivery`;

describe('PUT /api/ops/accounts/{id}/proof-of-delivery and /api/admin/…', () => {
  it('is none for a new account; each value can be set and read back, one account at a time', async () => {
    const account = await newAccount();
    const other = await newAccount();
    expect((await call('GET', path('ops', account.id), { ops: true })).body).toEqual({ data: { proof_of_delivery: 'none' } });
    for (const value of ['photo', 'signature', 'pin', 'none', 'pin'] as const) {
      const set = await call('PUT', path('ops', account.id), { ops: true, body: { proof_of_delivery: value } });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ data: { proof_of_delivery: value } });
    }
    const byAdmin = await call('PUT', path('admin', account.id), { cookie: admin.cookie, body: { proof_of_delivery: 'signature' } });
    expect(byAdmin.status).toBe(200);
    expect((await call('GET', path('admin', account.id), { cookie: admin.cookie })).body).toEqual({ data: { proof_of_delivery: 'signature' } });
    // The other account keeps its own.
    expect((await call('GET', path('ops', other.id), { ops: true })).body.data.proof_of_delivery).toBe('none');
  });

  it('refuses values it does not know (400) and unknown accounts (404), changing nothing', async () => {
    const account = await newAccount();
    for (const body of [{ proof_of_delivery: 'video' }, { proof_of_delivery: null }, { proof_of_delivery: 'PHOTO' }, {}]) {
      for (const surface of ['ops', 'admin'] as const) {
        const refused = await call('PUT', path(surface, account.id), surface === 'ops' ? { ops: true, body } : { cookie: admin.cookie, body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.error).toBe('invalid_request');
        expect(refused.body.error_desc).toMatch(/^proof_of_delivery: /);
      }
    }
    expect((await call('PUT', path('ops', account.id), { ops: true, raw: '{' })).body.error).toBe('invalid_json');
    expect((await call('GET', path('ops', account.id), { ops: true })).body.data.proof_of_delivery).toBe('none');
    for (const surface of ['ops', 'admin'] as const) {
      const options = surface === 'ops' ? { ops: true } : { cookie: admin.cookie };
      expect((await call('PUT', path(surface, 'acc_missing'), { ...options, body: { proof_of_delivery: 'photo' } })).status).toBe(404);
      expect((await call('GET', path(surface, 'acc_missing'), options)).status).toBe(404);
    }
  });

  it('is not for staff — not even their own account’s — nor drivers, nor callers without the ops token', async () => {
    const { account, cookie: ownStaff } = await staffOfNewAccount();
    const body = { proof_of_delivery: 'photo' };
    for (const cookie of [ownStaff, staffCookie, driverCookie]) {
      expect((await call('PUT', path('admin', account.id), { cookie, body })).status).toBe(403);
      expect((await call('GET', path('admin', account.id), { cookie })).status).toBe(403);
      // A session is no ops token.
      expect((await call('PUT', path('ops', account.id), { cookie, body })).status).toBe(401);
    }
    expect((await call('PUT', path('admin', account.id), { body })).status).toBe(401);
    expect((await call('PUT', path('ops', account.id), { body, headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await call('GET', path('ops', account.id), { ops: true })).body.data.proof_of_delivery).toBe('none');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/test/api';
import { newAccount, newAdminSession, newStaffSession } from '@/test/fixtures';

let admin: Awaited<ReturnType<typeof newAdminSession>>;

beforeAll(async () => {
  admin = await newAdminSession();
});

describe('admin sign-ins', () => {
  it('creates an admin through the ops API, who signs in like staff', async () => {
    const email = `ops-admin-${Date.now()}@example.com`;
    const created = await call('POST', '/api/ops/admins', { ops: true, body: { email, name: 'Ops Admin', password: 'a long enough password' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.stringMatching(/^usr_/), email, phone: null, name: 'Ops Admin', role: 'admin', accountId: null, driverId: null });
    const signedIn = await call('POST', '/api/session', {
      headers: { 'sec-fetch-site': 'same-origin' },
      body: { email, password: 'a long enough password' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.role).toBe('admin');
  });

  it('refuses a duplicate email, a short password and a missing operator token', async () => {
    const body = { email: admin.email, name: 'Again', password: 'a long enough password' };
    expect((await call('POST', '/api/ops/admins', { ops: true, body })).status).toBe(400);
    expect((await call('POST', '/api/ops/admins', { ops: true, body: { ...body, email: 'x@example.com', password: 'short' } })).status).toBe(400);
    expect((await call('POST', '/api/ops/admins', { body: { ...body, email: 'y@example.com' } })).status).toBe(401);
  });
});

describe('GET /api/admin/accounts', () => {
  it('lists accounts newest first with their modes, filtered by name, paged without repeats', async () => {
    const tag = `Paging ${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await newAccount(`${tag} ${i}`));
    const first = await call('GET', `/api/admin/accounts?q=${encodeURIComponent(tag.toLowerCase())}&limit=2`, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body.data.map((row: { name: string }) => row.name)).toEqual([`${tag} 2`, `${tag} 1`]);
    expect(first.body.data[0]).toEqual({
      id: made[2]!.id,
      name: `${tag} 2`,
      created_at: expect.any(String),
      auto_assign: false,
      sandbox: false,
      sandbox_speed_kmh: 40,
    });
    const second = await call('GET', `/api/admin/accounts?q=${encodeURIComponent(tag)}&limit=2&cursor=${first.body.next_cursor}`, { cookie: admin.cookie });
    expect(second.body.data.map((row: { name: string }) => row.name)).toEqual([`${tag} 0`]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('is for admins only: 401 signed out, 403 for staff, 400 for a bad limit', async () => {
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    expect((await call('GET', '/api/admin/accounts')).status).toBe(401);
    const forbidden = await call('GET', '/api/admin/accounts', { cookie: staff.cookie });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('forbidden');
    expect((await call('GET', '/api/admin/accounts?limit=0', { cookie: admin.cookie })).status).toBe(400);
  });

  it('keeps staff routes closed to admins', async () => {
    expect((await call('GET', '/api/staff/dispatches', { cookie: admin.cookie })).status).toBe(403);
  });
});

describe('/api/ops/accounts/{id}/modes', () => {
  it('reads and changes auto-assign, sandbox and its speed, one field at a time', async () => {
    const account = await newAccount();
    const read = await call('GET', `/api/ops/accounts/${account.id}/modes`, { ops: true });
    expect(read.body.data).toEqual({ auto_assign: false, sandbox: false, sandbox_speed_kmh: 40 });
    const changed = await call('PATCH', `/api/ops/accounts/${account.id}/modes`, { ops: true, body: { sandbox: true, sandbox_speed_kmh: 900 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ auto_assign: false, sandbox: true, sandbox_speed_kmh: 900 });
    const unchanged = await call('PATCH', `/api/ops/accounts/${account.id}/modes`, { ops: true, body: {} });
    expect(unchanged.body.data).toEqual({ auto_assign: false, sandbox: true, sandbox_speed_kmh: 900 });
  });

  it('refuses bad values with 400 and an unknown account with 404, changing nothing', async () => {
    const account = await newAccount();
    for (const body of [{ sandbox: 'yes' }, { sandbox_speed_kmh: 0 }, { sandbox_speed_kmh: 12.5 }, { auto_assign: null }]) {
      const response = await call('PATCH', `/api/ops/accounts/${account.id}/modes`, { ops: true, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/ops/accounts/${account.id}/modes`, { ops: true })).body.data.sandbox_speed_kmh).toBe(40);
    expect((await call('PATCH', '/api/ops/accounts/acc_missing/modes', { ops: true, body: { sandbox: true } })).status).toBe(404);
    expect((await call('GET', '/api/ops/accounts/acc_missing/modes', { ops: true })).status).toBe(404);
  });
});

import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { MAX_FAILURES_PER_EMAIL } from '@/lib/platform/server/auth/login-throttle';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import { createDriverSignInLink, SIGN_IN_LINK_TTL_MS } from '@/lib/fleet/server/internal/drivers/sign-in-link';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { getEnv } from '@/lib/platform/server/env';
import { assignSandboxDriver } from '@/lib/fleet/server/sandbox/assign-sandbox-driver';
import { call, CROSS_SITE } from '@/test/api';
import { type AdminSession, dispatchBody, newAccount, newConsoleSessions, newDriver, uniqueSuffix } from '@/test/fixtures';

// Driver sign-ins: an admin (console or ops API) gives a driver a phone and PIN or a one-time
// sign-in link; the driver signs in through POST /api/session or /api/session/link, with the
// dashboard's throttle and CSRF rules, and holds a session only driver routes accept.

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

let admin: AdminSession;
let staffCookie: string;

beforeAll(async () => {
  ({ admin, staffCookie } = await newConsoleSessions());
});

/** A phone number no other test uses. */
function newPhone(): string {
  return `+9665${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function signInCall(phone: string, pin: string) {
  return call('POST', '/api/session', { body: { phone, pin }, headers: SAME_ORIGIN });
}

/** The session cookie (as a Cookie header) a successful sign-in set. */
function sessionCookieOf(response: { headers: Headers }): string {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith('dispatch_session='));
  expect(set).toBeDefined();
  return set!.split(';')[0]!;
}

function tokenOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/** A driver with a sign-in, signed in: the driver, phone, PIN and session cookie. */
async function signedInDriver() {
  const driver = await newDriver();
  const phone = newPhone();
  const pin = '482913';
  await setDriverSignIn({ driverId: driver.id, input: { phone, pin } });
  const response = await signInCall(phone, pin);
  expect(response.status).toBe(200);
  return { driver, phone, pin, cookie: sessionCookieOf(response) };
}

describe('POST /api/ops/drivers/{id}/sign-in and /api/admin/drivers/{id}/sign-in', () => {
  it('creates a sign-in the driver signs in with: phone (normalised to E.164) and PIN, role driver', async () => {
    const driver = await newDriver();
    const digits = newPhone().slice(4);
    const created = await call('POST', `/api/ops/drivers/${driver.id}/sign-in`, { ops: true, body: { phone: `00966 ${digits}`, pin: '583017' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ user_id: expect.stringMatching(/^usr_/), driver_id: driver.id, phone: `+966${digits}` });
    const user = await db().user.findUniqueOrThrow({ where: { id: created.body.data.user_id } });
    expect(user).toMatchObject({ role: 'driver', driverId: driver.id, email: null, accountId: null, name: driver.name });
    // Argon2id, never the PIN.
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);

    const signedIn = await signInCall(`+966${digits}`, '583017');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toEqual({ id: user.id, email: null, phone: `+966${digits}`, name: driver.name, role: 'driver', accountId: null, driverId: driver.id });
    const read = await call('GET', `/api/admin/drivers/${driver.id}/sign-in`, { cookie: admin.cookie });
    expect(read.body.data).toEqual(created.body.data);
  });

  it('replaces phone and PIN: the old PIN and phone stop working, sessions end, unused links die', async () => {
    const { driver, phone, pin, cookie } = await signedInDriver();
    const link = await createDriverSignInLink({ driverId: driver.id });
    expect((await call('GET', '/api/driver/me', { cookie })).status).toBe(200);

    const newPin = '97531864';
    const replacement = newPhone();
    const replaced = await call('POST', `/api/admin/drivers/${driver.id}/sign-in`, { cookie: admin.cookie, body: { phone: replacement, pin: newPin } });
    expect(replaced.status).toBe(201);
    expect(replaced.body.data).toMatchObject({ driver_id: driver.id, phone: replacement });
    // Still one sign-in for the driver.
    expect(await db().user.count({ where: { driverId: driver.id } })).toBe(1);

    expect(await readSession({ token: cookie.split('=')[1], renew: false })).toBeNull();
    expect((await call('GET', '/api/driver/me', { cookie })).status).toBe(401);
    expect((await signInCall(replacement, pin)).status).toBe(401);
    expect((await signInCall(phone, newPin)).status).toBe(401);
    expect((await call('POST', '/api/session/link', { body: { token: tokenOf(link.url) }, headers: SAME_ORIGIN })).body.error).toBe('link_invalid');
    expect((await signInCall(replacement, newPin)).status).toBe(200);
  });

  it('refuses a phone that is another user’s sign-in (400), bad fields (400), unknown drivers (404), sandbox drivers (409)', async () => {
    const { phone } = await signedInDriver();
    const other = await newDriver();
    const taken = await call('POST', `/api/ops/drivers/${other.id}/sign-in`, { ops: true, body: { phone, pin: '583017' } });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ error: 'invalid_request', error_desc: `phone: ${phone} is already the sign-in of another user` });
    expect(await db().user.count({ where: { driverId: other.id } })).toBe(0);

    for (const [body, field] of [
      [{ phone: newPhone(), pin: '12345' }, 'pin'],
      [{ phone: newPhone(), pin: '12345a' }, 'pin'],
      [{ phone: '0501234567', pin: '583017' }, 'phone'],
      [{ pin: '583017' }, 'phone'],
      [{ phone: newPhone() }, 'pin'],
      // The PINs an attacker tries first (lib/platform/shared/auth/pin-policy.ts).
      ...['000000', '123456', '111111', '121212', '654321', '123321', '147258', '150885', '19850815'].map((pin) => [{ phone: newPhone(), pin }, 'pin'] as const),
      [{ phone: '+966500583017', pin: '583017' }, 'pin'],
    ] as const) {
      const refused = await call('POST', `/api/admin/drivers/${other.id}/sign-in`, { cookie: admin.cookie, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error_desc).toContain(`${field}:`);
    }

    const missing = await call('POST', '/api/ops/drivers/drv_missing/sign-in', { ops: true, body: { phone: newPhone(), pin: '583017' } });
    expect(missing.status).toBe(404);

    const account = await newAccount();
    await updateAccountModes({ accountId: account.id, input: { sandbox: true } });
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const { driverId: simulated } = await assignSandboxDriver({ dispatchId: dispatch.id, accountId: account.id, pickup: dispatch.pickup });
    const sandbox = await call('POST', `/api/ops/drivers/${simulated}/sign-in`, { ops: true, body: { phone: newPhone(), pin: '583017' } });
    expect(sandbox.status).toBe(409);
    expect(sandbox.body.error).toBe('invalid_state');
    expect((await call('POST', `/api/admin/drivers/${simulated}/sign-in-link`, { cookie: admin.cookie })).status).toBe(409);
  });

  it('is for admins and the ops token only', async () => {
    const driver = await newDriver();
    const { cookie: driverCookie } = await signedInDriver();
    const body = { phone: newPhone(), pin: '583017' };
    for (const [method, path] of [
      ['GET', `/api/admin/drivers/${driver.id}/sign-in`],
      ['POST', `/api/admin/drivers/${driver.id}/sign-in`],
      ['POST', `/api/admin/drivers/${driver.id}/sign-in-link`],
    ] as const) {
      const sent = method === 'POST' ? body : undefined;
      expect((await call(method, path, { body: sent })).status).toBe(401);
      expect((await call(method, path, { cookie: staffCookie, body: sent })).status).toBe(403);
      expect((await call(method, path, { cookie: driverCookie, body: sent })).status).toBe(403);
      if (method === 'POST') expect((await call(method, path, { cookie: admin.cookie, body: sent, headers: CROSS_SITE })).body.error).toBe('cross_site_request');
    }
    expect((await call('POST', `/api/ops/drivers/${driver.id}/sign-in`, { body })).status).toBe(401);
    expect((await call('POST', `/api/ops/drivers/${driver.id}/sign-in`, { cookie: admin.cookie, body })).status).toBe(401);
    expect(await db().user.count({ where: { driverId: driver.id } })).toBe(0);
  });
});

describe('POST /api/session with phone and PIN', () => {
  it('answers a wrong PIN and an unknown phone alike (401), setting no cookie', async () => {
    const { phone } = await signedInDriver();
    for (const [signInPhone, pin] of [
      [phone, '000000'],
      [newPhone(), '482913'],
    ] as const) {
      const refused = await signInCall(signInPhone, pin);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: 'invalid_credentials', error_desc: 'The phone number or PIN is incorrect' });
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
  });

  it('is throttled like email sign-ins: after 5 wrong PINs even the right one waits (429)', async () => {
    const { phone, pin } = await signedInDriver();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) expect((await signInCall(phone, `11111${i}`)).status).toBe(401);
    const throttled = await signInCall(phone, pin);
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe('too_many_attempts');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a cross-site sign-in (403)', async () => {
    const { phone, pin } = await signedInDriver();
    const refused = await call('POST', '/api/session', { body: { phone, pin }, headers: CROSS_SITE });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('cross_site_request');
  });
});

describe('one-time sign-in links', () => {
  it('signs the driver in once: cookies like POST /api/session; a second use is 400 link_invalid', async () => {
    const { driver, phone } = await signedInDriver();
    const made = await call('POST', `/api/admin/drivers/${driver.id}/sign-in-link`, { cookie: admin.cookie });
    expect(made.status).toBe(201);
    const { url, expires_at: expiresAt } = made.body.data;
    expect(url).toMatch(new RegExp(`^${getEnv().PUBLIC_URL}/driver/link/[\\w-]{43}$`));
    const expiresInMs = new Date(`${expiresAt.replace(' ', 'T')}Z`).getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(SIGN_IN_LINK_TTL_MS - 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_MS);
    // Only the token's hash is stored.
    expect(await db().signInLink.count({ where: { id: tokenOf(url) } })).toBe(0);

    const used = await call('POST', '/api/session/link', { body: { token: tokenOf(url) }, headers: SAME_ORIGIN });
    expect(used.status).toBe(200);
    expect(used.body.data).toMatchObject({ role: 'driver', driverId: driver.id, phone, email: null });
    const [sessionCookie, deviceCookie] = used.headers.getSetCookie();
    expect(sessionCookie).toMatch(/^dispatch_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(deviceCookie).toMatch(/^dispatch_device=usr_\w+\.\w+\.[\w-]{22}\.[\w-]{43}; Path=\/api\/session; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const me = await call('GET', '/api/driver/me', { cookie: sessionCookieOf(used) });
    expect(me.status).toBe(200);

    const again = await call('POST', '/api/session/link', { body: { token: tokenOf(url) }, headers: SAME_ORIGIN });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('link_invalid');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('refuses expired and unknown links (400), a missing token (400) and cross-site requests (403)', async () => {
    const { driver } = await signedInDriver();
    const expired = await createDriverSignInLink({ driverId: driver.id, now: new Date(Date.now() - SIGN_IN_LINK_TTL_MS - 1_000) });
    for (const token of [tokenOf(expired.url), 'x'.repeat(43), `${uniqueSuffix()}`]) {
      const refused = await call('POST', '/api/session/link', { body: { token }, headers: SAME_ORIGIN });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('link_invalid');
    }
    const missing = await call('POST', '/api/session/link', { body: {}, headers: SAME_ORIGIN });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const fresh = await createDriverSignInLink({ driverId: driver.id });
    const crossSite = await call('POST', '/api/session/link', { body: { token: tokenOf(fresh.url) }, headers: CROSS_SITE });
    expect(crossSite.status).toBe(403);
    // The refused request did not use the link up.
    expect((await call('POST', '/api/session/link', { body: { token: tokenOf(fresh.url) }, headers: SAME_ORIGIN })).status).toBe(200);
  });

  it('opens one session however many requests race for one link', async () => {
    const { driver } = await signedInDriver();
    const { url } = await createDriverSignInLink({ driverId: driver.id });
    const before = await db().session.count({ where: { user: { driverId: driver.id } } });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/session/link', { body: { token: tokenOf(url) }, headers: SAME_ORIGIN })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await db().session.count({ where: { user: { driverId: driver.id } } })).toBe(before + 1);
  });

  it('gives a driver without a sign-in one with their record’s phone (the link is the way in); none without a phone (409)', async () => {
    const phone = newPhone();
    const driver = await createDriver({ input: { name: `Driver ${uniqueSuffix()}`, phone: phone.replace('+966', '+966 ') } });
    const made = await call('POST', `/api/admin/drivers/${driver.id}/sign-in-link`, { cookie: admin.cookie });
    expect(made.status).toBe(201);
    expect((await call('GET', `/api/admin/drivers/${driver.id}/sign-in`, { cookie: admin.cookie })).body.data).toMatchObject({ driver_id: driver.id, phone });
    const used = await call('POST', '/api/session/link', { body: { token: tokenOf(made.body.data.url) }, headers: SAME_ORIGIN });
    expect(used.status).toBe(200);
    expect(used.body.data).toMatchObject({ driverId: driver.id, phone });
    // A second link reuses the sign-in.
    expect((await call('POST', `/api/admin/drivers/${driver.id}/sign-in-link`, { cookie: admin.cookie })).status).toBe(201);
    expect(await db().user.count({ where: { driverId: driver.id } })).toBe(1);

    const phoneless = await createDriver({ input: { name: `Driver ${uniqueSuffix()}` } });
    const refused = await call('POST', `/api/admin/drivers/${phoneless.id}/sign-in-link`, { cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('invalid_state');
    expect((await call('POST', '/api/admin/drivers/drv_missing/sign-in-link', { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('a driver session', () => {
  it('is refused by staff and admin routes (403), and a staff session by driver routes (403)', async () => {
    const { cookie } = await signedInDriver();
    for (const path of ['/api/staff/dispatches', '/api/admin/dispatches', '/api/admin/accounts', '/api/admin/drivers']) {
      const refused = await call('GET', path, { cookie });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toBe('forbidden');
    }
    for (const cookieOf of [staffCookie, admin.cookie]) {
      const refused = await call('GET', '/api/driver/me', { cookie: cookieOf });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('forbidden');
    }
  });
});

describe('a deactivated driver', () => {
  it('is signed out of the app and cannot sign in until activated again; a new name is the one the app shows', async () => {
    const { driver, phone, pin, cookie } = await signedInDriver();
    const link = await createDriverSignInLink({ driverId: driver.id });
    const deactivated = await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body: { is_active: false, name: 'Renamed Driver' } });
    expect(deactivated.status).toBe(200);
    expect((await call('GET', '/api/driver/me', { cookie })).status).toBe(401);
    const refused = await signInCall(phone, pin);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_credentials');
    const byLink = await call('POST', '/api/session/link', { body: { token: tokenOf(link.url) }, headers: SAME_ORIGIN });
    expect(byLink.status).toBe(400);
    expect(byLink.body.error).toBe('link_invalid');

    expect((await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body: { is_active: true } })).status).toBe(200);
    const again = await signInCall(phone, pin);
    expect(again.status).toBe(200);
    expect(again.body.data.name).toBe('Renamed Driver');
  });
});

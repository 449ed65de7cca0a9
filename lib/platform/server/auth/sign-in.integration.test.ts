import { describe, expect, it, onTestFinished } from 'vitest';
import { createUser } from '@/lib/platform/server/auth/create-user';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP, THROTTLE_WINDOW_MS } from '@/lib/platform/server/auth/login-throttle';
import { SESSION_TTL_MS } from '@/lib/platform/server/auth/session-token';
import { db } from '@/lib/platform/server/db/client';
import { call } from '@/test/api';
import { newAccount, newStaffSession, STAFF_PASSWORD, uniqueSuffix } from '@/test/fixtures';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function staffUser() {
  const account = await newAccount();
  const email = `staff-${uniqueSuffix()}@example.com`;
  const user = await createUser({ input: { email, name: 'Staff', password: STAFF_PASSWORD, role: 'staff', accountId: account.id } });
  return { account, email, user };
}

/** POST /api/session from the dashboard, with a known-device cookie when given one. */
function signInCall(body: { email: string; password: string }, options: { device?: string; headers?: Record<string, string> } = {}) {
  const cookie: Record<string, string> = options.device === undefined ? {} : { cookie: `dispatch_device=${options.device}` };
  return call('POST', '/api/session', { body, headers: { ...SAME_ORIGIN, ...cookie, ...options.headers } });
}

/** The known-device cookie's value a sign-in set (undefined when it set none). */
function deviceCookieOf(response: { headers: Headers }): string | undefined {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith('dispatch_device='));
  return set?.split(';')[0]!.slice('dispatch_device='.length);
}

/** A stranger's wrong passwords for `email` until its bucket is full. */
async function lockOut(email: string) {
  for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
    expect((await signInCall({ email, password: `stranger-${i}` })).status).toBe(401);
  }
}

describe('POST /api/session', () => {
  it('signs in with the right password: an HTTP-only SameSite cookie whose token opens a session', async () => {
    const { account, email } = await staffUser();
    const response = await call('POST', '/api/session', { body: { email: email.toUpperCase(), password: STAFF_PASSWORD }, headers: SAME_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ email, role: 'staff', accountId: account.id });
    const [cookie, deviceCookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^dispatch_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    // The known-device cookie: long-lived, sent only to the sign-in endpoint.
    expect(deviceCookie).toMatch(/^dispatch_device=usr_\w+\.\w+\.[\w-]{22}\.[\w-]{43}; Path=\/api\/session; HttpOnly; SameSite=Lax; Max-Age=15552000$/);
    const token = /dispatch_session=([^;]+)/.exec(cookie!)![1];
    expect((await readSession({ token, renew: false }))?.user.email).toBe(email);
    // Only the token's hash is stored.
    expect(await db().session.count({ where: { id: token } })).toBe(0);
  });

  it('sends Secure cookies to HTTPS requests', async () => {
    const { email } = await staffUser();
    const response = await call('POST', '/api/session', {
      body: { email, password: STAFF_PASSWORD },
      headers: { ...SAME_ORIGIN, 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^dispatch_session=.*; Secure$/), expect.stringMatching(/^dispatch_device=.*; Secure$/)]);
  });

  it('answers a wrong password and an unknown email alike, with 401 and no cookie', async () => {
    const { email } = await staffUser();
    const wrong = await call('POST', '/api/session', { body: { email, password: 'nope' }, headers: SAME_ORIGIN });
    const unknown = await call('POST', '/api/session', { body: { email: `x-${email}`, password: 'nope' }, headers: SAME_ORIGIN });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'invalid_credentials', error_desc: 'The email or password is incorrect' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('refuses malformed input with 400 and a cross-site sign-in with 403', async () => {
    const bad = await call('POST', '/api/session', { body: { email: 'not-an-email' }, headers: SAME_ORIGIN });
    expect(bad.status).toBe(400);
    expect(bad.body.error_desc).toContain('email: must be an email address');
    expect(bad.body.error_desc).toContain('password:');
    const { email } = await staffUser();
    const crossSite = await call('POST', '/api/session', { body: { email, password: STAFF_PASSWORD }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe('cross_site_request');
    const foreignOrigin = await call('POST', '/api/session', {
      body: { email, password: STAFF_PASSWORD },
      headers: { origin: 'https://evil.example', host: 'localhost' },
    });
    expect(foreignOrigin.status).toBe(403);
  });

  it(`throttles an email after ${MAX_FAILURES_PER_EMAIL} failures, even with the right password, then lets it in again`, async () => {
    const { email } = await staffUser();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      expect((await call('POST', '/api/session', { body: { email, password: `wrong-${i}` }, headers: SAME_ORIGIN })).status).toBe(401);
    }
    const blocked = await call('POST', '/api/session', { body: { email, password: STAFF_PASSWORD }, headers: SAME_ORIGIN });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(THROTTLE_WINDOW_MS / 1000 - 60);
    // Once the window has passed (the failures aged), the right password works again.
    await db().loginFailure.updateMany({ where: { bucket: email }, data: { createdAt: new Date(Date.now() - THROTTLE_WINDOW_MS - 1000) } });
    expect((await call('POST', '/api/session', { body: { email, password: STAFF_PASSWORD }, headers: SAME_ORIGIN })).status).toBe(200);
  });
});

// Guards against lockout by strangers: five wrong passwords from anyone locked the right
// password out for 15 minutes, so whoever knew a staff member's email could keep them out.
describe('known devices', () => {
  it("a stranger's failures lock the email for unknown devices, but the user's known device still signs in", async () => {
    const { email } = await staffUser();
    const device = deviceCookieOf(await signInCall({ email, password: STAFF_PASSWORD }));
    expect(device).toBeDefined();
    await lockOut(email);
    // The bound holds for everyone else: the right password from an unknown device is refused.
    const unknownDevice = await signInCall({ email, password: STAFF_PASSWORD });
    expect(unknownDevice.status).toBe(429);
    expect(unknownDevice.body.error).toBe('too_many_attempts');
    const known = await signInCall({ email, password: STAFF_PASSWORD }, { device });
    expect(known.status).toBe(200);
    expect(known.body.data.email).toBe(email);
    // Still locked for the stranger, and the device got a fresh token for the next time.
    expect((await signInCall({ email, password: STAFF_PASSWORD })).status).toBe(429);
    const renewed = deviceCookieOf(known);
    expect(renewed).not.toBe(device);
    expect((await signInCall({ email, password: STAFF_PASSWORD }, { device: renewed })).status).toBe(200);
  });

  it(`bounds failures on a known device too: ${MAX_FAILURES_PER_EMAIL} wrong passwords, then even the right one waits`, async () => {
    const { email } = await staffUser();
    const device = deviceCookieOf(await signInCall({ email, password: STAFF_PASSWORD }));
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      const wrong = await signInCall({ email, password: `wrong-${i}` }, { device });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'invalid_credentials', error_desc: 'The email or password is incorrect' });
    }
    const blocked = await signInCall({ email, password: STAFF_PASSWORD }, { device });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(THROTTLE_WINDOW_MS / 1000 - 60);
  });

  it("gives no way around a lockout with another user's, a forged or a tampered device cookie", async () => {
    const other = await staffUser();
    const otherDevice = deviceCookieOf(await signInCall({ email: other.email, password: STAFF_PASSWORD }))!;
    const { email, user } = await staffUser();
    await lockOut(email);
    const [, issued, deviceId, mac] = otherDevice.split('.');
    const lastMacCharacter = mac!.at(-1) === 'A' ? 'B' : 'A';
    for (const device of [
      otherDevice,
      `${user.id}.${issued}.${deviceId}.${mac}`, // the other user's token, claimed for this one
      `${otherDevice}~${user.id}.${issued}.${deviceId}.${mac!.slice(0, -1)}${lastMacCharacter}`,
      'garbage',
    ]) {
      const response = await signInCall({ email, password: STAFF_PASSWORD }, { device });
      expect(response.status, device).toBe(429);
    }
    // A device cookie with an unknown email changes nothing either: the same 401.
    const unknown = await signInCall({ email: `nobody-${email}`, password: 'nope' }, { device: otherDevice });
    expect(unknown.body).toEqual({ error: 'invalid_credentials', error_desc: 'The email or password is incorrect' });
  });
});

// Guards against X-Forwarded-For deciding the client address: rotating it gave every guess a
// fresh per-address bucket. Route handlers now believe only the address scripts/serve.ts stamps
// (lib/platform/server/auth/client-address.test.ts); without that server every client shares one bucket.
describe('per-address limit', () => {
  it('is not dodged by rotating X-Forwarded-For', async () => {
    // Every request of this file comes from the same unknown address: start its bucket empty, and
    // empty it again for the tests after this one.
    await db().loginFailure.deleteMany({ where: { address: 'unknown' } });
    onTestFinished(async () => {
      await db().loginFailure.deleteMany({ where: { address: 'unknown' } });
    });
    const tag = uniqueSuffix();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      const forwarded = { 'x-forwarded-for': `10.${i}.0.1`, 'x-dispatch-client-address': `10.${i}.0.2` };
      const response = await signInCall({ email: `rotating-${i}-${tag}@example.com`, password: 'wrong' }, { headers: forwarded });
      expect(response.status).toBe(401);
    }
    const next = await signInCall({ email: `rotating-last-${tag}@example.com`, password: 'wrong' }, { headers: { 'x-forwarded-for': '10.99.0.1' } });
    expect(next.status).toBe(429);
  });
});

describe('sessions', () => {
  it('renews a session past half its life, and forgets an expired one', async () => {
    const account = await newAccount();
    const { token } = await newStaffSession(account.id);
    const later = new Date(Date.now() + SESSION_TTL_MS * 0.6);
    const renewed = await readSession({ token, renew: true, now: later });
    expect(renewed?.isRenewed).toBe(true);
    expect(renewed!.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    expect(await readSession({ token, renew: true, now: new Date(later.getTime() + SESSION_TTL_MS + 1) })).toBeNull();
    expect(await readSession({ token, renew: false })).toBeNull();
  });

  it('DELETE /api/session signs out: the cookie is cleared and the token no longer works', async () => {
    const account = await newAccount();
    const { token, cookie } = await newStaffSession(account.id);
    const response = await call('DELETE', '/api/session', { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(await readSession({ token, renew: false })).toBeNull();
    expect((await call('GET', '/api/staff/events', { cookie })).status).toBe(401);
  });

  it('an admin (no account) is refused by staff routes with 403', async () => {
    const email = `admin-${uniqueSuffix()}@example.com`;
    await createUser({ input: { email, name: 'Admin', password: STAFF_PASSWORD, role: 'admin', accountId: null } });
    const signedIn = await call('POST', '/api/session', { body: { email, password: STAFF_PASSWORD }, headers: SAME_ORIGIN });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const response = await call('GET', '/api/staff/events', { cookie });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('forbidden');
  });
});

describe('POST /api/ops/accounts/{id}/users', () => {
  it('creates a staff sign-in; refuses a duplicate email, a short password and an unknown account', async () => {
    const account = await newAccount();
    const email = `new-${uniqueSuffix()}@example.com`;
    const created = await call('POST', `/api/ops/accounts/${account.id}/users`, { ops: true, body: { email, name: 'Nora', password: STAFF_PASSWORD } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, role: 'staff', accountId: account.id });
    const again = await call('POST', `/api/ops/accounts/${account.id}/users`, { ops: true, body: { email, name: 'Nora', password: STAFF_PASSWORD } });
    expect(again.status).toBe(400);
    const short = await call('POST', `/api/ops/accounts/${account.id}/users`, { ops: true, body: { email: `s-${email}`, name: 'S', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.error_desc).toContain('password: must be at least 10 characters');
    const unknown = await call('POST', '/api/ops/accounts/acc_missing/users', { ops: true, body: { email: `u-${email}`, name: 'U', password: STAFF_PASSWORD } });
    expect(unknown.status).toBe(404);
    expect((await call('POST', `/api/ops/accounts/${account.id}/users`, { body: { email, name: 'N', password: STAFF_PASSWORD } })).status).toBe(401);
  });
});

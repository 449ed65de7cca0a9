import { describe, expect, it } from 'vitest';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { db } from '@/lib/platform/server/db/client';
import { setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { updateDriver } from '@/lib/fleet/server/internal/drivers/update-driver';
import { newDriver, newStaffSession, newAccount } from '@/test/fixtures';

// A session must die with the credential or the driver that made it, whatever the timing.
// Regression: deactivation and PIN reset deleted sessions once, so a sign-in that had checked the
// old PIN a few milliseconds earlier inserted its session afterwards, and the session read never
// looked at whether the driver was still active (51 of 59 sign-ins around a deactivation stayed
// valid, 1 of 10 around a PIN reset).

const OLD_PIN = '480977';
const NEW_PIN = '730164';
/** Sign-ins in flight per round: under the phone's throttle (5 failures in 15 minutes). */
const IN_FLIGHT = 4;
const ROUNDS = 8;
/** Each round's clock is this far after the one before: the throttle's window starts empty. */
const ROUND_STEP_MS = 16 * 60_000;

async function driverWithSignIn() {
  const driver = await newDriver();
  const phone = `+9665${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
  await setDriverSignIn({ driverId: driver.id, input: { phone, pin: OLD_PIN } });
  return { driverId: driver.id, phone };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sign-ins in flight while `revoke` runs a few milliseconds into them (the Argon2 check takes
 * longer), round after round with different delays; returns the tokens the sign-ins handed out.
 */
async function signInsAround(phone: string, revoke: (round: number) => Promise<unknown>, restore: (round: number) => Promise<unknown>) {
  const tokens: { token: string; now: Date }[] = [];
  const start = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    await restore(round);
    const now = new Date(start + round * ROUND_STEP_MS);
    const attempts = Array.from({ length: IN_FLIGHT }, (_, i) =>
      signIn({ input: { phone, pin: OLD_PIN }, ip: `198.51.100.${round * IN_FLIGHT + i + 1}`, now }).then(
        (opened) => tokens.push({ token: opened.token, now }),
        () => undefined,
      ),
    );
    await delay((round * 7) % 40);
    await revoke(round);
    await Promise.all(attempts);
  }
  return tokens;
}

describe('a session dies with its credential', () => {
  it('every sign-in made around a deactivation is dead, and stays dead when the driver is reactivated', async () => {
    const { driverId, phone } = await driverWithSignIn();
    const tokens = await signInsAround(
      phone,
      () => updateDriver({ id: driverId, input: { is_active: false } }),
      () => updateDriver({ id: driverId, input: { is_active: true } }),
    );
    await updateDriver({ id: driverId, input: { is_active: true } });
    const alive = [];
    for (const { token, now } of tokens) if (await readSession({ token, renew: false, now })) alive.push(token);
    expect(alive, `${alive.length} of ${tokens.length} sign-ins made around a deactivation still open a session`).toEqual([]);
    // The driver, active again, signs in as before.
    const fresh = await signIn({ input: { phone, pin: OLD_PIN }, ip: '198.51.100.250', now: new Date(Date.now() + ROUNDS * ROUND_STEP_MS) });
    expect(await readSession({ token: fresh.token, renew: false, now: new Date(Date.now() + ROUNDS * ROUND_STEP_MS) })).not.toBeNull();
  });

  it('every sign-in that checked the old PIN is dead once the PIN is reset', async () => {
    const { driverId, phone } = await driverWithSignIn();
    const tokens = await signInsAround(
      phone,
      () => setDriverSignIn({ driverId, input: { phone, pin: NEW_PIN } }),
      () => setDriverSignIn({ driverId, input: { phone, pin: OLD_PIN } }),
    );
    const alive = [];
    for (const { token, now } of tokens) if (await readSession({ token, renew: false, now })) alive.push(token);
    expect(alive, `${alive.length} of ${tokens.length} sign-ins with the old PIN still open a session`).toEqual([]);
  });

  it('a session made while the driver was active is refused once the driver is inactive, however the row was changed', async () => {
    const { driverId, phone } = await driverWithSignIn();
    const { token } = await signIn({ input: { phone, pin: OLD_PIN }, ip: '198.51.100.251' });
    // By hand, as an operator might: the trigger and the read both see it.
    await db().$executeRaw`UPDATE drivers SET is_active = false WHERE id = ${driverId}`;
    expect(await readSession({ token, renew: false })).toBeNull();
    await db().$executeRaw`UPDATE drivers SET is_active = true WHERE id = ${driverId}`;
    expect(await readSession({ token, renew: false })).toBeNull();
  });

  it('ends staff and admin sessions with a new password or a disabled user', async () => {
    const account = await newAccount();
    const first = await newStaffSession(account.id);
    const second = await newStaffSession(account.id);
    expect(await readSession({ token: first.token, renew: false })).not.toBeNull();
    await db().user.update({ where: { id: first.user.id }, data: { passwordHash: 'a-new-hash' } });
    expect(await readSession({ token: first.token, renew: false })).toBeNull();
    await db().user.update({ where: { id: second.user.id }, data: { disabledAt: new Date() } });
    expect(await readSession({ token: second.token, renew: false })).toBeNull();
    expect(await db().session.count({ where: { userId: { in: [first.user.id, second.user.id] } } })).toBe(0);
  });

  it('keeps sessions when nothing about the credential changed', async () => {
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    await db().user.update({ where: { id: staff.user.id }, data: { name: 'Renamed' } });
    expect(await readSession({ token: staff.token, renew: false })).not.toBeNull();
  });
});

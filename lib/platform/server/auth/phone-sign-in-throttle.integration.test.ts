import { describe, expect, it } from 'vitest';
import { getSignInAlert } from '@/lib/platform/server/auth/get-sign-in-alert';
import { MAX_FAILURES_PER_PHONE_PER_DAY, THROTTLE_WINDOW_MS } from '@/lib/platform/server/auth/login-throttle';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { createDriverSignInLink, signInWithLink } from '@/lib/fleet/server/internal/drivers/sign-in-link';
import { setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { call } from '@/test/api';
import { newAdminSession, newDriver } from '@/test/fixtures';

// Driver PINs guessed across phones. Regression: each phone allowed 5 failures and each address
// 50 per 15 minutes, so 100 wrong PINs spread over 20 phones from 20 addresses were all checked
// (401) and none refused; 1,000 drivers gave a guesser 480,000 tries a day. Now failures from
// unknown devices share one platform budget, and a phone's count over a day grows the lockout.

const PIN = '583017';
const WRONG = '690274';
/** Each test's clock starts this far from the last one's: the windows it counts over start empty. */
let clock = Date.now();
function freshClock(): Date {
  clock += 2 * 24 * 3_600_000;
  return new Date(clock);
}

async function driversWithSignIns(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const driver = await newDriver();
      const phone = `+9665${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
      await setDriverSignIn({ driverId: driver.id, input: { phone, pin: PIN } });
      return { driverId: driver.id, phone, index: i };
    }),
  );
}

/** A sign-in's outcome by its error code, or 'ok' with its session token and device cookie. */
async function attempt(phone: string, pin: string, ip: string, now: Date, deviceCookie?: string) {
  try {
    const opened = await signIn({ input: { phone, pin }, ip, now, deviceCookie });
    return { outcome: 'ok' as const, token: opened.token, deviceCookie: opened.deviceCookie };
  } catch (error) {
    if (error instanceof DomainError) return { outcome: error.code, message: error.message };
    throw error;
  }
}

describe('driver PIN sign-ins across phones', () => {
  it('checks at most the platform’s budget of wrong PINs spread over 20 phones and 20 addresses, and says so in the console', async () => {
    const budget = getEnv().DRIVER_PIN_FAILURE_BUDGET;
    const drivers = await driversWithSignIns(20);
    const now = freshClock();
    // A driver who signed in before on their own phone: its known-device cookie.
    const regular = drivers[0]!;
    const before = await attempt(regular.phone, PIN, '198.51.100.200', new Date(now.getTime() - 60_000));
    expect(before.outcome).toBe('ok');

    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      for (const driver of drivers) {
        const result = await attempt(driver.phone, WRONG, `203.0.113.${driver.index + 1}`, new Date(now.getTime() + round * 1000 + driver.index));
        outcomes.push(result.outcome);
      }
    }
    expect(outcomes.filter((outcome) => outcome === 'invalid_credentials')).toHaveLength(budget);
    expect(outcomes.filter((outcome) => outcome === 'too_many_attempts')).toHaveLength(100 - budget);

    const later = new Date(now.getTime() + 10_000);
    // Paused: the right PIN from an unknown device is refused too, with what to do instead…
    const stranger = await attempt(drivers[5]!.phone, PIN, '198.51.100.201', later);
    expect(stranger.outcome).toBe('too_many_attempts');
    expect(stranger.message).toMatch(/paused/);
    // …while the driver on the phone they signed in on before still signs in.
    const known = await attempt(regular.phone, PIN, '198.51.100.200', later, before.deviceCookie);
    expect(known.outcome).toBe('ok');
    expect(await readSession({ token: known.token!, renew: false, now: later })).not.toBeNull();
    // A phone an admin's one-time sign-in link opened is a known device too: its PIN works while paused.
    const linked = drivers[7]!;
    const link = await createDriverSignInLink({ driverId: linked.driverId, now: later });
    const opened = await signInWithLink({ token: link.url.slice(link.url.lastIndexOf('/') + 1), now: later });
    expect((await attempt(linked.phone, PIN, '198.51.100.202', later, opened.deviceCookie)).outcome).toBe('ok');
    expect((await attempt(linked.phone, PIN, '198.51.100.202', later)).outcome).toBe('too_many_attempts');

    expect(await getSignInAlert({ now: later })).toEqual({
      level: 'paused',
      failures: budget,
      budget,
      phones: 20,
      addresses: 20,
      window_minutes: THROTTLE_WINDOW_MS / 60_000,
    });
    // Once the window has passed, the budget is whole again.
    const drained = new Date(now.getTime() + THROTTLE_WINDOW_MS + 10_000);
    expect((await getSignInAlert({ now: drained })).level).toBe('normal');
    expect((await attempt(drivers[5]!.phone, PIN, '198.51.100.201', drained)).outcome).toBe('ok');
  });

  it('holds the budget for attempts in flight at once: no more than the budget are checked', async () => {
    const budget = getEnv().DRIVER_PIN_FAILURE_BUDGET;
    const drivers = await driversWithSignIns(20);
    const now = freshClock();
    const outcomes = await Promise.all(
      drivers.flatMap((driver) =>
        [0, 1, 2].map(async (i) => (await attempt(driver.phone, WRONG, `203.0.113.${driver.index * 3 + i + 1}`, new Date(now.getTime() + i))).outcome),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'invalid_credentials')).toHaveLength(budget);
    expect(outcomes.filter((outcome) => outcome === 'too_many_attempts')).toHaveLength(60 - budget);
  });

  it('locks a phone out for longer as its failures grow over the day', async () => {
    const [driver] = await driversWithSignIns(1);
    const start = freshClock();
    const outcomes: string[] = [];
    // Five wrong PINs, a quarter of an hour's wait, five more, another wait: the daily limit stays.
    for (let spell = 0; spell < 3; spell++) {
      for (let i = 0; i < 6; i++) {
        const at = new Date(start.getTime() + spell * (THROTTLE_WINDOW_MS + 60_000) + i * 1000);
        outcomes.push((await attempt(driver!.phone, WRONG, `192.0.2.${spell * 10 + i + 1}`, at)).outcome);
      }
    }
    expect(outcomes.filter((outcome) => outcome === 'invalid_credentials')).toHaveLength(MAX_FAILURES_PER_PHONE_PER_DAY);
    expect(outcomes.slice(12)).toEqual(Array(6).fill('too_many_attempts'));
    const nextDay = new Date(start.getTime() + 24 * 3_600_000 + 60_000);
    expect((await attempt(driver!.phone, PIN, '192.0.2.99', nextDay)).outcome).toBe('ok');
  });

  it('GET /api/admin/sign-in-alert answers admins only', async () => {
    const admin = await newAdminSession();
    const response = await call('GET', '/api/admin/sign-in-alert', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ level: expect.stringMatching(/^(normal|elevated|paused)$/), budget: getEnv().DRIVER_PIN_FAILURE_BUDGET });
    expect((await call('GET', '/api/admin/sign-in-alert', {})).status).toBe(401);
  });
});

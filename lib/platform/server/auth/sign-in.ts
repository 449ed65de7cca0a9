import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { knownDeviceId, rememberDevice } from '@/lib/platform/server/auth/known-device';
import { forgetLoginFailures, reserveLoginAttempt } from '@/lib/platform/server/auth/login-throttle';
import { dummyPasswordHash, verifyPassword } from '@/lib/platform/server/auth/password';
import type { DriverSignInBody, SessionUser, SignInBody } from '@/lib/platform/shared/auth/schemas';
import { newSessionToken, SESSION_TTL_MS, sessionIdOf } from '@/lib/platform/server/auth/session-token';

const INVALID = 'The email or password is incorrect';
const INVALID_PIN = 'The phone number or PIN is incorrect';

/** What a sign-in reads of its user (every way of signing in: lib/fleet/server/internal/drivers/sign-in-link.ts too). */
export const SIGN_IN_USER_SELECT = {
  id: true,
  email: true,
  phone: true,
  name: true,
  role: true,
  accountId: true,
  driverId: true,
  passwordHash: true,
  disabledAt: true,
  credentialVersion: true,
  driver: { select: { isActive: true } },
} as const;

/**
 * Checks an email and password (staff, admins) or a phone and PIN (drivers, parsed by
 * DriverSignInBodySchema) and opens a session; returns the token for the cookie, and the
 * known-device cookie's new value (lib/platform/server/auth/known-device.ts). Unknown email and wrong password
 * answer alike (same message, same time), and both count towards the throttle: the attempt is
 * reserved, as a failure, before the password is checked, and forgotten when it was right.
 * `deviceCookie` (the device cookie the browser sent) throttles the sign-in in that device's own
 * bucket when it was issued to this user, so strangers' failures with the email do not lock it out.
 */
export async function signIn(options: { input: SignInBody | DriverSignInBody; ip: string; deviceCookie?: string; now?: Date }) {
  const now = options.now ?? new Date();
  const { input } = options;
  const byPhone = 'phone' in input;
  // The throttle's bucket is the sign-in name; a phone's is marked so it never meets an email's.
  const name = byPhone ? `phone:${input.phone}` : input.email.toLowerCase();
  const user = await db().user.findUnique({
    where: byPhone ? { phone: input.phone } : { email: input.email.toLowerCase() },
    select: SIGN_IN_USER_SELECT,
  });
  const deviceId = user ? knownDeviceId({ cookie: options.deviceCookie, user, now }) : null;
  const attempt = await reserveLoginAttempt({ name, isPhone: byPhone, ip: options.ip, deviceId, now });
  const isValid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), byPhone ? input.pin : input.password);
  // The reserved attempt stays recorded as the failure. A phone signs in only a driver.
  // A deactivated driver's sign-in stays, refused, until an admin activates them again.
  if (!user || !isValid || user.disabledAt || byPhone !== (user.role === 'driver') || user.driver?.isActive === false) {
    throw new DomainError('invalid_credentials', byPhone ? INVALID_PIN : INVALID);
  }
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db().$transaction([
    // The version read before the password was checked: if the credential died meanwhile (a PIN
    // reset, a deactivation), this session is born dead (lib/platform/server/internal/auth/read-session.ts).
    db().session.create({ data: { id: sessionIdOf(token), userId: user.id, expiresAt, createdAt: now, credentialVersion: user.credentialVersion } }),
    forgetLoginFailures(attempt),
  ]);
  const signedIn = sessionUserOf(user);
  return { token, expiresAt, user: signedIn, deviceCookie: rememberDevice({ cookie: options.deviceCookie, user, now }) };
}

/** A users row as every surface sees the signed-in user. */
export function sessionUserOf(user: Pick<SessionUser, 'id' | 'email' | 'phone' | 'name' | 'accountId' | 'driverId'> & { role: string }): SessionUser {
  const { id, email, phone, name, accountId, driverId } = user;
  return { id, email, phone, name, role: user.role as SessionUser['role'], accountId, driverId };
}

import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { knownDeviceId, rememberDevice } from '@/lib/auth/known-device';
import { forgetLoginFailures, reserveLoginAttempt } from '@/lib/auth/login-throttle';
import { dummyPasswordHash, verifyPassword } from '@/lib/auth/password';
import type { SessionUser, SignInBody } from '@/lib/auth/schemas';
import { newSessionToken, SESSION_TTL_MS, sessionIdOf } from '@/lib/auth/session-token';

const INVALID = 'The email or password is incorrect';

/**
 * Checks an email and password and opens a session; returns the token for the cookie, and the
 * known-device cookie's new value (lib/auth/known-device.ts). Unknown email and wrong password
 * answer alike (same message, same time), and both count towards the throttle: the attempt is
 * reserved, as a failure, before the password is checked, and forgotten when it was right.
 * `deviceCookie` (the device cookie the browser sent) throttles the sign-in in that device's own
 * bucket when it was issued to this user, so strangers' failures with the email do not lock it out.
 */
export async function signIn(options: { input: SignInBody; ip: string; deviceCookie?: string; now?: Date }) {
  const now = options.now ?? new Date();
  const email = options.input.email.toLowerCase();
  const user = await db().user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, role: true, accountId: true, passwordHash: true, disabledAt: true },
  });
  const deviceId = user ? knownDeviceId({ cookie: options.deviceCookie, user, now }) : null;
  const attempt = await reserveLoginAttempt({ email, ip: options.ip, deviceId, now });
  const isValid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), options.input.password);
  // The reserved attempt stays recorded as the failure.
  if (!user || !isValid || user.disabledAt) throw new DomainError('invalid_credentials', INVALID);
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db().$transaction([
    db().session.create({ data: { id: sessionIdOf(token), userId: user.id, expiresAt, createdAt: now } }),
    forgetLoginFailures(attempt),
  ]);
  const signedIn: SessionUser = { id: user.id, email: user.email, name: user.name, role: user.role as SessionUser['role'], accountId: user.accountId };
  return { token, expiresAt, user: signedIn, deviceCookie: rememberDevice({ cookie: options.deviceCookie, user, now }) };
}

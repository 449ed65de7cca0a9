import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { checkLoginThrottle, recordLoginFailure } from '@/lib/auth/login-throttle';
import { dummyPasswordHash, verifyPassword } from '@/lib/auth/password';
import type { SessionUser, SignInBody } from '@/lib/auth/schemas';
import { newSessionToken, SESSION_TTL_MS, sessionIdOf } from '@/lib/auth/session-token';

const INVALID = 'The email or password is incorrect';

/**
 * Checks an email and password and opens a session; returns the token for the cookie.
 * Unknown email and wrong password answer alike (same message, same time), and both count
 * towards the throttle.
 */
export async function signIn(options: { input: SignInBody; ip: string; now?: Date }) {
  const now = options.now ?? new Date();
  const email = options.input.email.toLowerCase();
  await checkLoginThrottle({ email, ip: options.ip, now });
  const user = await db().user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, role: true, accountId: true, passwordHash: true, disabledAt: true },
  });
  const isValid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), options.input.password);
  if (!user || !isValid || user.disabledAt) {
    await recordLoginFailure({ email, ip: options.ip, now });
    throw new DomainError('invalid_credentials', INVALID);
  }
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db().$transaction([
    db().session.create({ data: { id: sessionIdOf(token), userId: user.id, expiresAt, createdAt: now } }),
    db().loginFailure.deleteMany({ where: { email } }),
  ]);
  const signedIn: SessionUser = { id: user.id, email: user.email, name: user.name, role: user.role as SessionUser['role'], accountId: user.accountId };
  return { token, expiresAt, user: signedIn };
}

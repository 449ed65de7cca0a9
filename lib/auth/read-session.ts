import { db } from '@/lib/db/client';
import { TARIFF_SELECT, type Tariff } from '@/lib/pricing/tariff';
import type { SessionUser } from '@/lib/auth/schemas';
import { SESSION_TTL_MS, sessionIdOf } from '@/lib/auth/session-token';

export interface OpenSession {
  user: SessionUser;
  expiresAt: Date;
  /** The session was renewed by this read: the cookie should be sent again with `expiresAt`. */
  isRenewed: boolean;
  /** The staff member's account tariff (read in the same query); null for admins. */
  tariff: Tariff | null;
}

/**
 * The session of a cookie token, or null if unknown or expired. With `renew` (callers that can
 * send the cookie again) a session past half its life is extended.
 */
export async function readSession(options: { token: string | undefined; renew: boolean; now?: Date }): Promise<OpenSession | null> {
  const { token, now = new Date() } = options;
  if (!token || token.length > 100) return null;
  const id = sessionIdOf(token);
  const session = await db().session.findUnique({
    where: { id },
    select: {
      expiresAt: true,
      user: {
        select: {
          id: true,
          email: true,
          phone: true,
          name: true,
          role: true,
          accountId: true,
          driverId: true,
          disabledAt: true,
          account: { select: TARIFF_SELECT },
        },
      },
    },
  });
  if (!session || session.user.disabledAt !== null) return null;
  if (session.expiresAt <= now) {
    await db().session.deleteMany({ where: { id } });
    return null;
  }
  const { id: userId, email, phone, name, accountId, driverId, account, role } = session.user;
  const user = { id: userId, email, phone, name, accountId, driverId };
  let expiresAt = session.expiresAt;
  const isRenewed = options.renew && expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2;
  if (isRenewed) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db().session.updateMany({ where: { id }, data: { expiresAt } });
  }
  return { user: { ...user, role: role as SessionUser['role'] }, expiresAt, isRenewed, tariff: account };
}

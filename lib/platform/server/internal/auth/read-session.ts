import { db, queryRows } from '@/lib/platform/server/db/client';
import type { Tariff } from '@/lib/pricing/shared/tariff';
import { Prisma } from '@/prisma/generated/client';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';
import { SESSION_TTL_MS, sessionIdOf } from '@/lib/platform/server/auth/session-token';

export interface OpenSession {
  user: SessionUser;
  expiresAt: Date;
  /** The session was renewed by this read: the cookie should be sent again with `expiresAt`. */
  isRenewed: boolean;
  /** The staff member's account tariff (read in the same query); null for admins. */
  tariff: Tariff | null;
}

/** A session's row: its user, and their account's tariff (all null for sign-ins without an account). */
type SessionRow = Omit<SessionUser, 'role'> &
  Tariff & {
    role: string;
    expiresAt: Date;
    isRevoked: boolean;
  };

/** The account's tariff of a session row: null for sign-ins without an account (admins, drivers). */
function tariffOf(row: SessionRow): Tariff | null {
  if (row.accountId === null) return null;
  const { currency, baseFareMinor, perKmMinor, minFareMinor, vatRateBps } = row;
  return { currency, baseFareMinor, perKmMinor, minFareMinor, vatRateBps };
}

/**
 * The session of a cookie token, or null if unknown, expired or revoked: made with a credential
 * that has died since (its credential version is not the user's: a new password or PIN, the user
 * disabled, the driver deactivated; lib/platform/server/sql/55_revoke_sessions.sql), or whose user is disabled
 * or driver inactive now. Checked on every read, so a sign-in that raced the revocation and
 * inserted its session afterwards opens nothing. With `renew` (callers that can
 * send the cookie again) a session past half its life is extended.
 */
export async function readSession(options: { token: string | undefined; renew: boolean; now?: Date }): Promise<OpenSession | null> {
  const { token, now = new Date() } = options;
  if (!token || token.length > 100) return null;
  const id = sessionIdOf(token);
  // Every signed-in request reads its session: one prepared statement (queryRows), not an ORM
  // query, because the driver app's positions and the dashboard's polling make it the hottest read.
  const [row] = await queryRows<SessionRow>(
    Prisma.sql`
      SELECT s.expires_at AS "expiresAt", u.id, u.email, u.phone, u.name, u.role, u.account_id AS "accountId",
             u.driver_id AS "driverId", a.currency, a.base_fare_minor AS "baseFareMinor",
             a.per_km_minor AS "perKmMinor", a.min_fare_minor AS "minFareMinor", a.vat_rate_bps AS "vatRateBps",
             (s.credential_version <> u.credential_version OR u.disabled_at IS NOT NULL OR d.is_active IS FALSE) AS "isRevoked"
      FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN accounts a ON a.id = u.account_id
      LEFT JOIN drivers d ON d.id = u.driver_id
      WHERE s.id = ${id}`,
    { prepared: true },
  );
  if (!row) return null;
  if (row.isRevoked || row.expiresAt <= now) {
    await db().session.deleteMany({ where: { id } });
    return null;
  }
  const { id: userId, email, phone, name, accountId, driverId, role } = row;
  const user = { id: userId, email, phone, name, accountId, driverId };
  let expiresAt = row.expiresAt;
  const isRenewed = options.renew && expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2;
  if (isRenewed) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db().session.updateMany({ where: { id }, data: { expiresAt } });
  }
  return { user: { ...user, role: role as SessionUser['role'] }, expiresAt, isRenewed, tariff: tariffOf(row) };
}

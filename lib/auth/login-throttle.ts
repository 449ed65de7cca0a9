import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';

/** Failed sign-ins counted over this window… */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** …per email (guessing one person's password)… */
export const MAX_FAILURES_PER_EMAIL = 5;
/** …and per client address (trying many emails). */
export const MAX_FAILURES_PER_IP = 50;

/** Refuses a sign-in (429, with Retry-After) while its email or address has failed too often. */
export async function checkLoginThrottle(options: { email: string; ip: string; now: Date }): Promise<void> {
  const since = new Date(options.now.getTime() - THROTTLE_WINDOW_MS);
  const [row] = await db().$queryRaw<{ by_email: bigint; by_ip: bigint; oldest_email: Date | null; oldest_ip: Date | null }[]>`
    SELECT
      count(*) FILTER (WHERE email = ${options.email}) AS by_email,
      count(*) FILTER (WHERE ip = ${options.ip}) AS by_ip,
      min(created_at) FILTER (WHERE email = ${options.email}) AS oldest_email,
      min(created_at) FILTER (WHERE ip = ${options.ip}) AS oldest_ip
    FROM login_failures
    WHERE created_at >= ${since} AND (email = ${options.email} OR ip = ${options.ip})`;
  const blockedSince =
    Number(row?.by_email ?? 0) >= MAX_FAILURES_PER_EMAIL
      ? row?.oldest_email
      : Number(row?.by_ip ?? 0) >= MAX_FAILURES_PER_IP
        ? row?.oldest_ip
        : null;
  if (!blockedSince) return;
  const retryAfterS = Math.max(1, Math.ceil((blockedSince.getTime() + THROTTLE_WINDOW_MS - options.now.getTime()) / 1000));
  throw new DomainError('too_many_attempts', `Too many failed sign-ins; try again in ${Math.ceil(retryAfterS / 60)} min`, {
    retryAfterSeconds: retryAfterS,
  });
}

export async function recordLoginFailure(options: { email: string; ip: string; now: Date }): Promise<void> {
  await db().loginFailure.create({ data: { email: options.email, ip: options.ip, createdAt: options.now } });
}

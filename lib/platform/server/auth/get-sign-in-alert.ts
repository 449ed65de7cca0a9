import { db } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { THROTTLE_WINDOW_MS } from '@/lib/platform/server/auth/login-throttle';
import type { SignInAlert } from '@/lib/platform/server/auth/sign-in-alert-schemas';

/**
 * The console's alert on driver PIN guessing: the failed PIN sign-ins from unknown devices across
 * all phones in the throttle's window, against the platform's budget (DRIVER_PIN_FAILURE_BUDGET),
 * which lib/platform/server/sql/61_phone_sign_in_reserve.sql enforces on the same rows. One indexed range
 * scan of login_failures by created_at: the window holds at most the failures of 15 minutes.
 */
export async function getSignInAlert(options: { now?: Date } = {}): Promise<SignInAlert> {
  const now = options.now ?? new Date();
  const budget = getEnv().DRIVER_PIN_FAILURE_BUDGET;
  const [row] = await db().$queryRaw<{ failures: number; phones: number; addresses: number }[]>`
    SELECT count(*)::integer AS failures, count(DISTINCT bucket)::integer AS phones, count(DISTINCT address)::integer AS addresses
    FROM login_failures
    WHERE created_at >= ${new Date(now.getTime() - THROTTLE_WINDOW_MS)}::timestamptz AND starts_with(bucket, 'phone:')`;
  const failures = row?.failures ?? 0;
  return {
    level: failures >= budget ? 'paused' : failures * 2 >= budget ? 'elevated' : 'normal',
    failures,
    budget,
    phones: row?.phones ?? 0,
    addresses: row?.addresses ?? 0,
    window_minutes: THROTTLE_WINDOW_MS / 60_000,
  };
}

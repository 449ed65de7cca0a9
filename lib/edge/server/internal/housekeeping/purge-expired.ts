import { db } from '@/lib/platform/server/db/client';
import { IDEMPOTENCY_TTL_MS } from '@/lib/platform/server/idempotency/limits';
import { FAILURES_KEPT_MS } from '@/lib/platform/server/auth/login-throttle';

// Rows that only grow: finished webhook deliveries (their attempts go with them), expired
// Idempotency-Key replays (vendors', drivers' and operators'), expired sessions and sign-in links, old failed
// sign-ins. (Quotes are no rows: lib/pricing/server/internal/quotes/quote-token.ts.) The big tables are deleted
// in batches, so that no run holds locks for long; a pending delivery is never deleted.

const BATCH = 5_000;

export async function purgeExpired(options: {
  now?: Date;
  deliveryRetentionMs: number;
}): Promise<{ deliveries: number; idempotencyKeys: number; sessions: number; loginFailures: number; signInLinks: number }> {
  const now = options.now ?? new Date();
  const deliveriesBefore = new Date(now.getTime() - options.deliveryRetentionMs);
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const deliveries = await deleteInBatches(
    () => db().$executeRaw`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE completed_at < ${deliveriesBefore} AND status <> 'pending' LIMIT ${BATCH})`,
  );
  const vendorKeys = await deleteInBatches(
    () => db().$executeRaw`
      DELETE FROM idempotency_keys WHERE (account_id, key) IN (
        SELECT account_id, key FROM idempotency_keys WHERE created_at < ${keysBefore} LIMIT ${BATCH})`,
  );
  const driverKeys = await deleteInBatches(
    () => db().$executeRaw`
      DELETE FROM driver_idempotency_keys WHERE (driver_id, key) IN (
        SELECT driver_id, key FROM driver_idempotency_keys WHERE created_at < ${keysBefore} LIMIT ${BATCH})`,
  );
  const operatorKeys = await deleteInBatches(
    () => db().$executeRaw`
      DELETE FROM operator_idempotency_keys WHERE (operator, key) IN (
        SELECT operator, key FROM operator_idempotency_keys WHERE created_at < ${keysBefore} LIMIT ${BATCH})`,
  );
  // Expired sessions and failures older than the throttle's longest window no longer mean anything.
  const sessions = (await db().session.deleteMany({ where: { expiresAt: { lt: now } } })).count;
  const loginFailures = (await db().loginFailure.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - FAILURES_KEPT_MS) } } })).count;
  // A one-time sign-in link is worthless once expired, used or not.
  const signInLinks = (await db().signInLink.deleteMany({ where: { expiresAt: { lt: now } } })).count;
  return { deliveries, idempotencyKeys: vendorKeys + driverKeys + operatorKeys, sessions, loginFailures, signInLinks };
}

/** Runs `deleteBatch` (at most BATCH rows a run) until a run deletes fewer: how many rows went. */
async function deleteInBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

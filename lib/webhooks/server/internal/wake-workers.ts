import { db, type Tx } from '@/lib/platform/server/db/client';

/**
 * The channel the delivery workers LISTEN on. The database function `webhook_wake_workers`
 * (lib/webhooks/server/sql) notifies it; lib/platform/server/db/notify-channels.test.ts holds the two names together.
 */
export const DELIVERY_CHANNEL = 'webhook_deliveries';

/** Wakes the delivery workers when the caller's transaction commits (as the outbox trigger does). */
export async function wakeWorkers(tx: Tx = db()): Promise<void> {
  await tx.$executeRaw`SELECT webhook_wake_workers()`;
}

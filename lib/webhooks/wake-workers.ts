import { db, type Tx } from '@/lib/db/client';

/**
 * The channel the delivery workers LISTEN on. The database function `webhook_wake_workers`
 * (prisma/sql) notifies it; lib/db/notify-channels.test.ts holds the two names together.
 */
export const DELIVERY_CHANNEL = 'webhook_deliveries';

/** Wakes the delivery workers when the caller's transaction commits (as the outbox trigger does). */
export async function wakeWorkers(tx: Tx = db()): Promise<void> {
  await tx.$executeRaw`SELECT webhook_wake_workers()`;
}

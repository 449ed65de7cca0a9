import { db, type Tx } from '@/lib/db/client';

/** The channel the outbox trigger and the operations below notify when deliveries become due. */
export const DELIVERY_CHANNEL = 'webhook_deliveries';

/** Wakes the delivery workers when the caller's transaction commits. */
export async function wakeWorkers(tx: Tx = db()): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`;
}

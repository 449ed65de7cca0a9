import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db/client';

/** The channel the outbox trigger and the operations below notify when deliveries become due. */
export const DELIVERY_CHANNEL = 'webhook_deliveries';

export type Tx = Prisma.TransactionClient | ReturnType<typeof db>;

/** Wakes the delivery workers when the caller's transaction commits. */
export async function wakeWorkers(tx: Tx = db()): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`;
}

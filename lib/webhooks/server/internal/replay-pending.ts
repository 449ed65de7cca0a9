import type { Tx } from '@/lib/platform/server/db/client';

/** Makes every pending delivery of an endpoint due now, with a fresh series of attempts. */
export async function replayPending(tx: Tx, endpointId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET next_attempt_at = now(), series_start = attempts
    WHERE endpoint_id = ${endpointId} AND status = 'pending'`;
}

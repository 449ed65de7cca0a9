import { db } from '@/lib/db/client';
import { formatTimestamp } from '@/lib/dispatches/timestamp';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/delivery-views';
import type { WebhookEndpointView } from '@/lib/webhooks/schemas';
import { generateWebhookSecret } from '@/lib/webhooks/signing';
import { wakeWorkers, type Tx } from '@/lib/webhooks/wake-workers';

// The account's current endpoint: its health, enabling it again, and the signing secret.

function noEndpoint(): ApiError {
  return new ApiError('not_found', 'No webhook is registered: register one with POST /ext/webhook');
}

export async function currentEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  const row = await db().webhookEndpoint.findFirst({ where: { accountId: options.accountId, isActive: true }, select: ENDPOINT_SELECT });
  if (!row) throw noEndpoint();
  return endpointView(row);
}

/**
 * Enables the account's endpoint again after it was disabled, and replays what is pending:
 * every pending delivery is due now with a fresh series of attempts.
 */
export async function enableEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { accountId: options.accountId, isActive: true }, select: { id: true } });
    if (!endpoint) throw noEndpoint();
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { disabledAt: null, disabledReason: null, failingSince: null },
    });
    await replayPending(tx, endpoint.id);
    await wakeWorkers(tx);
    return endpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, select: ENDPOINT_SELECT }));
  });
}

/** Makes every pending delivery of an endpoint due now, with a fresh series of attempts. */
export async function replayPending(tx: Tx, endpointId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET next_attempt_at = now(), series_start = attempts
    WHERE endpoint_id = ${endpointId} AND status = 'pending'`;
}

/**
 * Replaces the account's signing secret. Deliveries carry a signature with the old secret too
 * until the overlap (WEBHOOK_SECRET_OVERLAP_MS) ends, so receivers can switch without a gap.
 */
export async function rotateWebhookSecret(options: { accountId: string }): Promise<{ webhook_secret: string; previous_secret_expires_at: string }> {
  const expiresAt = new Date(Date.now() + getEnv().WEBHOOK_SECRET_OVERLAP_MS);
  const webhookSecret = generateWebhookSecret();
  await db().$executeRaw`
    UPDATE accounts SET previous_webhook_secret = webhook_secret, previous_secret_expires_at = ${expiresAt},
                        webhook_secret = ${webhookSecret}
    WHERE id = ${options.accountId}`;
  return { webhook_secret: webhookSecret, previous_secret_expires_at: formatTimestamp(expiresAt) };
}

import { db } from '@/lib/platform/server/db/client';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { getEnv } from '@/lib/platform/server/env';
import { generateWebhookSecret } from '@/lib/platform/server/signing/webhook-signing';

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

import { db } from '@/lib/platform/server/db/client';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';

/**
 * The account's current signing secret, and until when the previous one still signs (null
 * when no rotation overlap is running). Reading it is a deliberate act of a signed-in person.
 */
export async function getWebhookSecret(options: { accountId: string; now?: Date }): Promise<{ secret: string; previous_secret_expires_at: string | null }> {
  const account = await db().account.findUniqueOrThrow({
    where: { id: options.accountId },
    select: { webhookSecret: true, previousWebhookSecret: true, previousSecretExpiresAt: true },
  });
  const expiresAt = account.previousSecretExpiresAt;
  const isOverlapping = account.previousWebhookSecret !== null && expiresAt !== null && expiresAt > (options.now ?? new Date());
  return { secret: account.webhookSecret, previous_secret_expires_at: isOverlapping ? formatTimestamp(expiresAt) : null };
}

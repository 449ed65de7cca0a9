import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { newId } from '@/lib/ids/new-id';
import { postWebhook } from '@/lib/webhooks/post-webhook';
import { webhookHeaders } from '@/lib/webhooks/signing';

export const PING_TIMEOUT_MS = 5_000;

/**
 * Registers the account's webhook URL after a signed `webhook.ping` POST to it answers HTTP 200.
 * The new URL replaces the account's previous one; anything but a 200 is a 400 with the reason.
 */
export async function registerWebhook(options: {
  accountId: string;
  url: string;
  allowPrivate?: boolean;
  timeoutMs?: number;
}): Promise<{ id: string; url: string }> {
  const { accountId, url } = options;
  const account = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { webhookSecret: true } });
  const pingId = newId('evt');
  const body = JSON.stringify({
    type: 'webhook.ping',
    id: pingId,
    timestamp: new Date().toISOString(),
    payload: { message: 'Dispatch webhook registration check' },
  });
  const result = await postWebhook({
    url,
    body,
    headers: webhookHeaders({ secret: account.webhookSecret, id: pingId, body }),
    timeoutMs: options.timeoutMs ?? PING_TIMEOUT_MS,
    allowPrivate: options.allowPrivate ?? getEnv().WEBHOOK_ALLOW_PRIVATE_URLS,
  });
  if (result.statusCode !== 200) {
    const reason = result.error ?? `it answered HTTP ${result.statusCode}`;
    throw new ApiError('webhook_unreachable', `webhook: the URL did not answer the registration ping with HTTP 200: ${reason}`);
  }
  return db().$transaction(async (tx) => {
    await tx.webhookEndpoint.updateMany({
      where: { accountId, isActive: true, NOT: { url } },
      data: { isActive: false, disabledAt: new Date(), disabledReason: 'replaced by a newer registration' },
    });
    return tx.webhookEndpoint.upsert({
      where: { accountId_url: { accountId, url } },
      create: { id: newId('whe'), accountId, url },
      update: { isActive: true, disabledAt: null, disabledReason: null },
      select: { id: true, url: true },
    });
  });
}

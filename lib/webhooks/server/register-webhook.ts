import { db } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId } from '@/lib/platform/server/ids/new-id';
import { registrationCheckSlots } from '@/lib/webhooks/server/internal/check-slots';
import { replayPending } from '@/lib/webhooks/server/internal/replay-pending';
import { postWebhook } from '@/lib/webhooks/server/internal/post-webhook';
import { signingSecrets, webhookHeaders } from '@/lib/platform/server/signing/webhook-signing';
import { wakeWorkers } from '@/lib/webhooks/server/internal/wake-workers';

export const PING_TIMEOUT_MS = 5_000;

/**
 * Said in every environment: `npm start` (a newcomer's first run, with a receiver on localhost)
 * is a production build, and the setting's name tells a vendor nothing they could misuse.
 */
export const PRIVATE_URL_HINT =
  ' (private and loopback addresses are refused, but for local development the server can allow them with WEBHOOK_ALLOW_PRIVATE_URLS=true)';

interface RegisterWebhookOptions {
  accountId: string;
  url: string;
  allowPrivate?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Registers the account's webhook URL after a signed `webhook.ping` POST to it answers HTTP 200.
 * The new URL replaces the account's previous one and takes over its pending deliveries (nothing
 * queued is lost by changing the URL); registering a disabled URL again enables it and replays
 * what is pending. Anything but a 200 is a 400 with the reason.
 *
 * The whole registration holds one of the account's and the process's check slots
 * (`check-slots.ts`): without a free one it is refused before anything is sent or written. An
 * aborted `signal` (the client went away) cancels the ping and rejects with the signal's reason.
 */
export async function registerWebhook(options: RegisterWebhookOptions): Promise<{ id: string; url: string }> {
  options.signal?.throwIfAborted();
  const timeoutMs = options.timeoutMs ?? PING_TIMEOUT_MS;
  return registrationCheckSlots().run({ accountId: options.accountId, timeoutMs }, () => checkAndRegister({ ...options, timeoutMs }));
}

async function checkAndRegister(options: RegisterWebhookOptions & { timeoutMs: number }): Promise<{ id: string; url: string }> {
  const { accountId, url } = options;
  const account = await db().account.findUniqueOrThrow({
    where: { id: accountId },
    select: { webhookSecret: true, previousWebhookSecret: true, previousSecretExpiresAt: true },
  });
  const pingId = newId('evt');
  const [{ body }] = (await db().$queryRaw<{ body: string }[]>`
    SELECT webhook_body('webhook.ping', ${pingId}, now(), NULL, ${JSON.stringify({ message: 'Dispatch webhook registration check' })}::json) AS body`) as [
    { body: string },
  ];
  const result = await postWebhook({
    url,
    body,
    headers: webhookHeaders({ secrets: signingSecrets(account), id: pingId, body }),
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate ?? getEnv().WEBHOOK_ALLOW_PRIVATE_URLS,
    signal: options.signal,
  });
  // The client went away: register nothing, and throw no DomainError (a 400 for the cancelled
  // ping would be stored and replayed to a retry with the same Idempotency-Key).
  options.signal?.throwIfAborted();
  if (result.statusCode !== 200) {
    const reason = result.error ?? `it answered HTTP ${result.statusCode}`;
    const hint = result.isAddressRefused ? PRIVATE_URL_HINT : '';
    throw new DomainError('webhook_unreachable', `webhook: the URL did not answer the registration ping with HTTP 200: ${reason}${hint}`);
  }
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.upsert({
      where: { accountId_url: { accountId, url } },
      create: { id: newId('whe'), accountId, url },
      update: { isActive: true, disabledAt: null, disabledReason: null, failingSince: null },
      select: { id: true, url: true },
    });
    const replaced = await tx.webhookEndpoint.updateManyAndReturn({
      where: { accountId, isActive: true, NOT: { id: endpoint.id } },
      data: { isActive: false, disabledAt: new Date(), disabledReason: 'replaced by a newer registration' },
      select: { id: true },
    });
    if (replaced.length > 0) {
      await tx.webhookDelivery.updateMany({
        where: { endpointId: { in: replaced.map((row) => row.id) }, status: 'pending' },
        data: { endpointId: endpoint.id },
      });
    }
    await replayPending(tx, endpoint.id);
    await wakeWorkers(tx);
    return endpoint;
  });
}

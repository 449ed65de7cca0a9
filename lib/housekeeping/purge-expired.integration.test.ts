import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { purgeExpired } from '@/lib/housekeeping/purge-expired';
import { dispatchBody, newAccount } from '@/lib/testing/fixtures';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { registerWebhook } from '@/lib/webhooks/register-webhook';

const DAY = 86_400_000;

describe('purgeExpired', () => {
  it('deletes finished deliveries past retention with their attempts, and expired idempotency keys; keeps pending and recent rows', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const account = await newAccount();
      await registerWebhook({ accountId: account.id, url: receiver.url, allowPrivate: true });
      for (let i = 0; i < 4; i++) await createDispatch({ accountId: account.id, input: dispatchBody() });
      const [old, recent, failedOld, pending] = await db().webhookDelivery.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' } });
      const now = new Date();
      const finish = (id: string, status: string, completedAt: Date) =>
        db().webhookDelivery.update({
          where: { id },
          data: {
            status,
            completedAt,
            attempts: 1,
            attemptsMade: { create: { number: 1, startedAt: completedAt, statusCode: 200, latencyMs: 1, responseSnippet: '', workerId: 'test' } },
          },
        });
      await finish(old!.id, 'succeeded', new Date(now.getTime() - 31 * DAY));
      await finish(recent!.id, 'succeeded', new Date(now.getTime() - 29 * DAY));
      await finish(failedOld!.id, 'failed', new Date(now.getTime() - 40 * DAY));
      await db().webhookDelivery.update({ where: { id: pending!.id }, data: { createdAt: new Date(now.getTime() - 90 * DAY) } });
      await db().idempotencyKey.createMany({
        data: [
          { accountId: account.id, key: 'expired', requestHash: 'h', createdAt: new Date(now.getTime() - 2 * DAY) },
          { accountId: account.id, key: 'live', requestHash: 'h', createdAt: now },
        ],
      });

      const purged = await purgeExpired({ now, deliveryRetentionMs: 30 * DAY });
      expect(purged.deliveries).toBeGreaterThanOrEqual(2);
      const left = await db().webhookDelivery.findMany({ where: { accountId: account.id }, select: { id: true } });
      expect(left.map((row) => row.id).sort()).toEqual([recent!.id, pending!.id].sort());
      expect(await db().webhookAttempt.count({ where: { deliveryId: { in: [old!.id, failedOld!.id] } } })).toBe(0);
      const keys = await db().idempotencyKey.findMany({ where: { accountId: account.id }, select: { key: true } });
      expect(keys.map((row) => row.key)).toEqual(['live']);
    } finally {
      await receiver.close();
    }
  });
});

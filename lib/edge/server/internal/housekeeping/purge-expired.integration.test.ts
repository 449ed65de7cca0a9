import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { purgeExpired } from '@/lib/edge/server/internal/housekeeping/purge-expired';
import { FAILURES_KEPT_MS, THROTTLE_WINDOW_MS } from '@/lib/platform/server/auth/login-throttle';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import { sessionIdOf } from '@/lib/platform/server/auth/session-token';
import { dispatchBody, newAccount, newDriverSession, newStaffSession, uniqueSuffix } from '@/test/fixtures';
import { startWebhookReceiver } from '@/test/webhook-receiver';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';

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

  it('deletes expired sessions and failed sign-ins older than the throttle’s longest window, and keeps the rest', async () => {
    const account = await newAccount();
    const live = await newStaffSession(account.id);
    const expired = await newStaffSession(account.id);
    await db().session.update({ where: { id: sessionIdOf(expired.token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const email = `throttle-${uniqueSuffix()}@example.com`;
    await db().loginFailure.createMany({
      data: [
        { bucket: email, address: '203.0.113.1', createdAt: new Date(Date.now() - FAILURES_KEPT_MS - 60_000) },
        // Past the 15-minute window, still counted by a phone's daily limit.
        { bucket: email, address: '203.0.113.1', createdAt: new Date(Date.now() - THROTTLE_WINDOW_MS - 60_000) },
        { bucket: email, address: '203.0.113.1', createdAt: new Date() },
      ],
    });
    await purgeExpired({ deliveryRetentionMs: 30 * DAY });
    expect(await db().session.count({ where: { id: { in: [sessionIdOf(live.token), sessionIdOf(expired.token)] } } })).toBe(1);
    expect(await readSession({ token: live.token, renew: false })).not.toBeNull();
    expect(await db().loginFailure.count({ where: { bucket: email } })).toBe(2);
  });
});

describe('purgeExpired, the driver app', () => {
  it("deletes drivers' expired idempotency keys and expired sign-in links, and keeps live ones", async () => {
    const driver = await newDriverSession();
    const now = new Date();
    await db().driverIdempotencyKey.createMany({
      data: [
        { driverId: driver.driverId, key: 'expired', requestHash: 'h', createdAt: new Date(now.getTime() - 2 * DAY) },
        { driverId: driver.driverId, key: 'live', requestHash: 'h', createdAt: now },
      ],
    });
    await db().signInLink.createMany({
      data: [
        { id: `expired-${uniqueSuffix()}`, userId: driver.user.id, createdAt: new Date(now.getTime() - DAY), expiresAt: new Date(now.getTime() - 1000) },
        { id: `live-${uniqueSuffix()}`, userId: driver.user.id, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) },
      ],
    });
    await purgeExpired({ now, deliveryRetentionMs: 30 * DAY });
    const keys = await db().driverIdempotencyKey.findMany({ where: { driverId: driver.driverId }, select: { key: true } });
    expect(keys.map((row) => row.key)).toEqual(['live']);
    const links = await db().signInLink.findMany({ where: { userId: driver.user.id }, select: { id: true } });
    expect(links.map((row) => row.id)).toEqual([expect.stringMatching(/^live-/)]);
  });
});

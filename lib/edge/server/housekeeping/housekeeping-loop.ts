import { BackgroundLoop } from '@/lib/platform/server/background/loop';
import { getEnv } from '@/lib/platform/server/env';
import { errorMessage, logEvent } from '@/lib/platform/server/background/log';
import { purgeExpired } from '@/lib/edge/server/internal/housekeeping/purge-expired';
import { rotateTrailPartitions } from '@/lib/edge/server/internal/housekeeping/rotate-trail-partitions';

const EVERY_MS = 3_600_000;

/**
 * Once an hour (and at start), wherever the webhook worker runs (instrumentation.ts,
 * scripts/worker.ts start and stop both): deletes expired rows, and makes the coming days' partitions of the drivers' trail and drops
 * those past retention. The purge and the rotation run side by side, each logging its own failure.
 * The trail's rotation skips the start: the migration `npm start` runs has just made the coming
 * days' partitions, and on PGlite (one thread) it would hold up the first deliveries.
 */
export function housekeepingLoop(options: { deliveryRetentionMs: number; positionRetentionDays: number; fields: Record<string, unknown> } = housekeepingOptions()): BackgroundLoop {
  let isStart = true;
  return new BackgroundLoop({
    round: async () => {
      const rotates = !isStart;
      isStart = false;
      await Promise.all([
        purgeExpired({ deliveryRetentionMs: options.deliveryRetentionMs }).catch((error: unknown) =>
          logEvent('warn', 'purge of expired rows failed', { ...options.fields, error: errorMessage(error) }),
        ),
        rotates
          ? rotateTrailPartitions({ retentionDays: options.positionRetentionDays }).catch((error: unknown) =>
              logEvent('warn', "rotation of the drivers' trail partitions failed", { ...options.fields, error: errorMessage(error) }),
            )
          : null,
      ]);
      return EVERY_MS;
    },
    failure: { message: 'housekeeping failed', fields: options.fields, retryMs: EVERY_MS },
  });
}

/** The retention settings (WEBHOOK_RETENTION_DAYS, POSITION_RETENTION_DAYS). */
function housekeepingOptions() {
  const env = getEnv();
  return { deliveryRetentionMs: env.WEBHOOK_RETENTION_DAYS * 86_400_000, positionRetentionDays: env.POSITION_RETENTION_DAYS, fields: { loop: 'housekeeping' } };
}

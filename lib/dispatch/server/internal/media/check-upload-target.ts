import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { MediaKind } from '@/lib/dispatch/server/media/schemas';
import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { Prisma } from '@/prisma/generated/client';

/**
 * How long after a delivery (or a reported failed delivery) its driver may still add the photo,
 * signature or failure photo: the app sends what it took offline when the signal returns, and
 * the status may have landed first.
 */
export const LATE_UPLOAD_WINDOW_MS = 10 * 60_000;

/**
 * Where the driver may add media of `kind`, as a SQL condition on the dispatch `d`: while it is on
 * duty for them (assigned … picked_up), and within LATE_UPLOAD_WINDOW_MS after they delivered it
 * (photo, signature) or reported it failed (failure photo).
 */
export function uploadAllowedSql(kind: MediaKind, now: Date): Prisma.Sql {
  const lateSince = new Date(now.getTime() - LATE_UPLOAD_WINDOW_MS);
  const late =
    kind === 'failure_photo'
      ? Prisma.sql`(d.state = 'cancelled' AND d.failure_reason IS NOT NULL AND d.modified_at >= ${lateSince})`
      : Prisma.sql`(d.state = 'delivered' AND d.modified_at >= ${lateSince})`;
  return Prisma.sql`(d.state IN (${Prisma.join([...ON_DUTY_STATES])}) OR ${late})`;
}

/** The media the dispatch `d` keeps, as a SQL expression. */
export const MEDIA_COUNT_SQL = Prisma.sql`(SELECT count(*) FROM dispatch_media m WHERE m.dispatch_id = d.id)`;

/** The refusal of a dispatch that keeps as many media as it may: 409, waiting does not help. */
function dispatchFull(maxPerDispatch: number): DomainError {
  return new DomainError('invalid_state', `This dispatch already has ${maxPerDispatch} photos and signatures, the most one dispatch keeps`);
}

/**
 * Whether the driver may add a medium of `kind` to the dispatch now; returns its account. Another
 * driver's dispatch, or an unknown one, is not found (404); one of the driver's own that is past
 * taking media, or that keeps `maxPerDispatch` media already, is 409 invalid_state. A check before
 * the image is decoded, so that what would be refused costs no decoding; the insert checks again
 * (lib/dispatch/server/internal/media/record-media.ts).
 */
export async function checkUploadTarget(options: { driverId: string; dispatchId: string; kind: MediaKind; maxPerDispatch: number; now: Date }): Promise<{ accountId: string }> {
  const { driverId, dispatchId, kind, now } = options;
  const [dispatch] = await db().$queryRaw<{ accountId: string; isAllowed: boolean; media: bigint }[]>(Prisma.sql`
    SELECT d.account_id AS "accountId", ${uploadAllowedSql(kind, now)} AS "isAllowed", ${MEDIA_COUNT_SQL} AS media
    FROM dispatches d
    WHERE d.id = ${dispatchId} AND d.assigned_driver_id = ${driverId}`);
  if (!dispatch) throw new DomainError('not_found', `No dispatch with id "${dispatchId}"`);
  if (!dispatch.isAllowed) {
    throw new DomainError('invalid_state', `Media can be added while the dispatch is on duty for you, or within ${LATE_UPLOAD_WINDOW_MS / 60_000} minutes after it ended`);
  }
  if (Number(dispatch.media) >= options.maxPerDispatch) throw dispatchFull(options.maxPerDispatch);
  return { accountId: dispatch.accountId };
}

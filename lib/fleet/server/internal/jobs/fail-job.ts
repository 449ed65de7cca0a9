import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { getDriverJob } from '@/lib/fleet/server/internal/jobs/get-driver-job';
import type { FailureReason } from '@/lib/dispatch/shared/failure-reasons';
import { driverActor, driverIdOf } from '@/lib/fleet/server/internal/jobs/job-view';
import type { DriverJobLocale, Job } from '@/lib/fleet/server/internal/jobs/schemas';
import { mediaUrlOf } from '@/lib/dispatch/server/media/media-url';
import type { DriverScope } from '@/lib/platform/server/tenancy/scope';

/**
 * The driver could not hand the order over: recorded within the spec's statuses as `cancelled`
 * after `picked_up` (the transition table's one failed-delivery move), by `driver` / their id,
 * through cancelDispatch: the record's `cancellation` shows reason `delivery_failed` and
 * `failure: {reason, note}`, and the latest `failure_photo` the driver uploaded joins the
 * record's `media_url` as `failure_photo`. The vendor hears it in the `dispatch.status_updated`
 * webhook of `cancelled`. Before pickup there is nothing to fail (409 invalid_transition).
 */
export async function failJob(options: {
  scope: DriverScope;
  id: string;
  reason: FailureReason;
  note?: string;
  locale?: DriverJobLocale;
}): Promise<Job> {
  const { scope, id } = options;
  const found = await db().dispatch.findFirst({
    where: { id, assignedDriverId: driverIdOf(scope) },
    select: {
      mediaUrl: true,
      media: { where: { kind: 'failure_photo' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { id: true } },
    },
  });
  if (!found) throw dispatchNotFound(id);
  const photo = found.media[0];
  // Anything the media_url held already stays; the photo is added beside it.
  const mediaUrl = photo ? { ...((found.mediaUrl as Record<string, string> | null) ?? {}), failure_photo: mediaUrlOf(photo.id) } : undefined;
  await cancelDispatch({
    id,
    scope,
    actor: driverActor(scope),
    input: { failure: { reason: options.reason, note: options.note } },
    as: 'status',
    mediaUrl,
  });
  return getDriverJob(options);
}

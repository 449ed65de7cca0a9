import { db } from '@/lib/db/client';
import { dispatchNotFound } from '@/lib/dispatches/apply-change';
import { cancelDispatch } from '@/lib/dispatches/cancel-dispatch';
import { getDriverJob } from '@/lib/driver-jobs/get-driver-job';
import type { FailureReason } from '@/lib/dispatches/failure-reasons';
import { driverActor, driverIdOf } from '@/lib/driver-jobs/job-view';
import type { DriverJobLocale, Job } from '@/lib/driver-jobs/schemas';
import { mediaUrlOf } from '@/lib/media/media-url';
import type { DriverScope } from '@/lib/tenancy/scope';

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

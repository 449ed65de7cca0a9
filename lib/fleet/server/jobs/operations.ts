import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { changeJobStatus } from '@/lib/fleet/server/internal/jobs/change-job-status';
import { deliverJob } from '@/lib/fleet/server/internal/jobs/deliver-job';
import { failJob } from '@/lib/fleet/server/internal/jobs/fail-job';
import { getDriverJob } from '@/lib/fleet/server/internal/jobs/get-driver-job';
import { listDriverJobs } from '@/lib/fleet/server/internal/jobs/list-driver-jobs';
import { DeliverBodySchema, DriverJobQuerySchema, DriverPositionsBodySchema, DriverStatusBodySchema, FailBodySchema, type Job } from '@/lib/fleet/server/internal/jobs/schemas';
import { getDriverProfile } from '@/lib/fleet/server/internal/drivers/get-driver-profile';
import { recordDriverPositions } from '@/lib/fleet/server/drivers/record-driver-position';
import { DriverDutyBodySchema } from '@/lib/fleet/shared/drivers/schemas';
import { setDriverDuty } from '@/lib/fleet/server/drivers/set-driver-duty';
import { getEnv } from '@/lib/platform/server/env';
import { hashRequest, runIdempotent } from '@/lib/platform/server/http/idempotency';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply, type Reply } from '@/lib/platform/server/http/reply';
import { readUploadBody } from '@/lib/dispatch/server/media/read-upload-body';
import { MediaUploadQuerySchema } from '@/lib/dispatch/server/media/schemas';
import { storeMedia } from '@/lib/dispatch/server/media/store-media';
import { acceptOffer } from '@/lib/fleet/server/internal/offers/accept-offer';
import { currentOffer } from '@/lib/fleet/server/internal/offers/current-offer';
import { declineOffer } from '@/lib/fleet/server/internal/offers/decline-offer';
import { parseQuery } from '@/lib/platform/server/validation/parse-input';
import type { DriverScope } from '@/lib/platform/server/tenancy/scope';

// The driver app's operations (lib/platform/server/http/operation.ts): the driver's duty, offers, jobs, proof and
// positions, in the driver's own scope. The writes are idempotent: the app replays what it did
// offline with the keys it made then.

const localeOf = (request: Request) => parseQuery(DriverJobQuerySchema, request).locale;

/** The job an operation's path names, in the driver's scope, and the language its answer is in. */
const jobOf = ({ scope, params, request }: { scope: DriverScope; params: { id: string }; request: Request }) => ({
  scope,
  id: params.id,
  locale: localeOf(request),
});

/** The signed-in driver: duty, last position, open offer, offer timeout. */
export const driverProfileOperation = defineOperation()({
  method: 'GET',
  mounts: { driver: '/api/driver/me' },
  run: async ({ caller }) => dataReply(await getDriverProfile({ driverId: caller.driverId })),
});

/** Go on or off duty (off duty declines the open offer). */
export const setDutyOperation = defineOperation()({
  method: 'PUT',
  mounts: { driver: '/api/driver/duty' },
  body: { schema: DriverDutyBodySchema, description: 'On duty or not.' },
  run: async ({ caller, input }) => dataReply(await setDriverDuty({ driverId: caller.driverId, onDuty: input.on_duty })),
});

/** The driver's open offer, or null. */
export const currentOfferOperation = defineOperation()({
  method: 'GET',
  mounts: { driver: '/api/driver/offers/current' },
  run: async ({ caller }) => dataReply(await currentOffer(caller.driverId)),
});

/** Take the offer: the dispatch is assigned to and accepted by the driver; answers the job. */
export const acceptOfferOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { driver: '/api/driver/offers/{id}/accept' },
  idempotent: true,
  run: async ({ request, params, caller, scope }) => {
    const locale = localeOf(request);
    const { dispatchId } = await acceptOffer({ offerId: params.id, driverId: caller.driverId });
    return dataReply(await getDriverJob({ scope, id: dispatchId, locale }));
  },
});

/** Turn the offer down; it moves on to the next driver. */
export const declineOfferOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { driver: '/api/driver/offers/{id}/decline' },
  idempotent: true,
  run: async ({ caller, params }) => dataReply(await declineOffer({ offerId: params.id, driverId: caller.driverId })),
});

/** The driver's jobs: on duty first, then the last 24 h's finished ones. */
export const listJobsOperation = defineOperation()({
  method: 'GET',
  mounts: { driver: '/api/driver/jobs' },
  run: async ({ request, scope }) => dataReply(await listDriverJobs({ scope, locale: localeOf(request) })),
});

/** One of the driver's jobs, with its legal next statuses. */
export const getJobOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { driver: '/api/driver/jobs/{id}' },
  run: async (context) => dataReply(await getDriverJob(jobOf(context))),
});

/**
 * A driver's write on one of their jobs: `POST /api/driver/jobs/{id}/<step>` with a JSON body,
 * idempotent (the app replays what it did offline), answered with the job after it.
 */
function jobStepOperation<S extends z.ZodType>(step: string, body: { schema: S; description: string }, act: (job: ReturnType<typeof jobOf>, input: z.output<S>) => Promise<Job>) {
  return defineOperation<{ id: string }>()({
    method: 'POST',
    mounts: { driver: `/api/driver/jobs/{id}/${step}` },
    body,
    idempotent: true,
    // `input` is the body parsed with `body.schema` (a conditional type TypeScript does not resolve for a generic S).
    run: async (context) => dataReply(await act(jobOf(context), context.input as z.output<S>)),
  });
}

/** The driver records accepted or picked_up. */
export const jobStatusOperation = jobStepOperation('status', { schema: DriverStatusBodySchema, description: 'The status to record.' }, (job, input) =>
  changeJobStatus({ ...job, status: input.status }),
);

/** Record delivered with the account's proof (photo, signature or the customer's PIN) and, on a cash order, the cash collected. */
export const deliverJobOperation = jobStepOperation('deliver', { schema: DeliverBodySchema, description: 'The proof and the cash collected.' }, (job, input) =>
  deliverJob({ ...job, pin: input.pin, cashCollected: input.cash_collected }),
);

/** Report a failed delivery (recorded as cancelled, reason delivery_failed). */
export const failJobOperation = jobStepOperation('fail', { schema: FailBodySchema, description: 'Why the delivery failed.' }, (job, input) =>
  failJob({ ...job, reason: input.reason, note: input.note }),
);

/**
 * Add a proof-of-delivery image (`?kind=photo|signature|failure_photo`; the body is the image).
 * The body is bytes, not JSON, so the wrapper's idempotency (which hashes a JSON body) is not
 * used: the Idempotency-Key is honoured here, over a hash of the image and its declared type.
 */
export const uploadJobMediaOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { driver: '/api/driver/jobs/{id}/media' },
  options: { imageWork: true },
  run: async ({ request, params, scope, caller }) => {
    const { kind } = parseQuery(MediaUploadQuerySchema, request);
    const bytes = await readUploadBody(request, getEnv().MEDIA_MAX_BYTES);
    const declaredType = request.headers.get('content-type');
    const store = (): Promise<Reply> =>
      storeMedia({ scope, dispatchId: params.id, kind, bytes, declaredType, signal: request.signal }).then((data) => dataReply(data, 201));
    const key = request.headers.get('idempotency-key');
    if (key === null) return store();
    const digest = createHash('sha256').update(bytes).digest('hex');
    const requestHash = hashRequest('POST', `${new URL(request.url).pathname}?kind=${kind}`, { content_type: declaredType, sha256: digest });
    return runIdempotent({ owner: { driverId: caller.driverId }, key, requestHash }, store);
  },
});

/** The driver's positions, oldest first, into geofences and ETAs. */
export const recordPositionsOperation = defineOperation()({
  method: 'POST',
  mounts: { driver: '/api/driver/positions' },
  body: { schema: DriverPositionsBodySchema, description: 'The positions, oldest first.' },
  idempotent: true,
  run: async ({ input, caller }) => {
    const { recorded } = await recordDriverPositions({
      driverId: caller.driverId,
      positions: input.positions.map((position) => ({ lat: position.lat, lng: position.lng, accuracyM: position.accuracy_m, at: new Date(position.at) })),
    });
    return dataReply({ recorded });
  },
});

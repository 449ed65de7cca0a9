import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { getSignInAlert } from '@/lib/platform/server/auth/get-sign-in-alert';
import { signInFromPage } from '@/lib/platform/server/auth/signed-in-response';
import { createDriverSignInLink, signInWithLink } from '@/lib/fleet/server/internal/drivers/sign-in-link';
import { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { getDriverSignIn, setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { DriverSignInSchema, SetDriverSignInBodySchema, SignInLinkBodySchema } from '@/lib/fleet/shared/drivers/driver-sign-in-schemas';
import { getAdminDriver } from '@/lib/fleet/server/drivers/get-admin-driver';
import { getDriver } from '@/lib/fleet/server/drivers/get-driver';
import { listDriverCandidates } from '@/lib/fleet/server/drivers/driver-candidates';
import { getAssignedDriver } from '@/lib/fleet/server/drivers/get-assigned-driver';
import { listDriverDispatchesJson } from '@/lib/fleet/server/internal/drivers/list-driver-dispatches';
import { listDrivers } from '@/lib/fleet/server/drivers/list-drivers';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { AdminDriverSchema, CreateDriverBodySchema, DriverLocationBodySchema, DriverPositionSchema, DriverSchema, ListDriversQuerySchema, UpdateDriverBodySchema } from '@/lib/fleet/shared/drivers/schemas';
import { updateDriver } from '@/lib/fleet/server/internal/drivers/update-driver';
import { createdResponse, jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { readLiveMap } from '@/lib/fleet/server/internal/live/read-live-map';
import { parseInput, parseQuery } from '@/lib/platform/server/validation/parse-input';
import { text } from '@/lib/platform/shared/validation/primitives';

// Drivers, for the console and the operator API, and the one a restaurant sees on its dispatch
// (lib/platform/server/http/operation.ts).

export const createDriverOperation = defineOperation()({
  method: 'POST',
  mounts: { admin: '/api/admin/drivers', ops: '/api/ops/drivers' },
  body: { schema: CreateDriverBodySchema, description: 'The driver to create.' },
  responses: { '201': createdResponse(dataEnvelope(DriverSchema)) },
  docs: {
    ops: {
      operationId: 'opsCreateDriver',
      summary: 'Create a driver',
      description: 'A driver starts off duty (they go on duty in the driver app) unless `on_duty: true` is sent; only on-duty drivers with a fresh position are offered work by auto-assign.',
    },
  },
  run: async ({ input }) => dataReply(await createDriver({ input }), 201),
});

/** Every driver, newest first; filters q (name, phone, id), fleet, active. */
export const listDriversOperation = defineOperation()({
  method: 'GET',
  mounts: { admin: '/api/admin/drivers' },
  run: async ({ request }) => ({ status: 200, body: await listDrivers({ query: parseQuery(ListDriversQuerySchema, request) }) }),
});

/** One driver: fleet, status, sandbox owner, last position. */
export const adminDriverOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/drivers/{id}' },
  run: async ({ params }) => dataReply(await getAdminDriver({ id: params.id })),
});

export const updateDriverOperation = defineOperation<{ id: string }>()({
  method: 'PATCH',
  mounts: { admin: '/api/admin/drivers/{id}', ops: '/api/ops/drivers/{id}' },
  pathId: 'driver',
  body: { schema: UpdateDriverBodySchema.meta({ id: 'UpdateDriverRequest' }), description: 'The fields to change.' },
  responses: { '200': jsonResponse('The driver after the change.', dataEnvelope(AdminDriverSchema.meta({ id: 'DriverDetail' }))) },
  errorNotes: { invalid_request: 'A field failed validation, the fleet does not exist, or it is inactive' },
  docs: {
    ops: {
      operationId: 'opsUpdateDriver',
      summary: 'Change or deactivate a driver',
      description:
        'Any of `name`, `phone`, `fleet_id` (null: no fleet), `is_active` and `on_duty`. A deactivated driver cannot be assigned; dispatches already assigned stay assigned. An active driver never belongs to an inactive fleet: moving one into it, or reactivating one in it, is refused. Only on-duty drivers with a fresh position are offered work (auto-assign); putting a driver off duty declines the offer they have open.',
    },
  },
  run: async ({ params, input }) => dataReply(await updateDriver({ id: params.id, input })),
});

/** The driver's app sign-in (user id and phone), or null. */
export const getDriverSignInOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/drivers/{id}/sign-in' },
  run: async ({ params }) => dataReply(await getDriverSignIn({ driverId: params.id })),
});

export const setDriverSignInOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { admin: '/api/admin/drivers/{id}/sign-in', ops: '/api/ops/drivers/{id}/sign-in' },
  pathId: 'driver',
  body: { schema: SetDriverSignInBodySchema, description: 'The phone number and the PIN.' },
  responses: { '201': createdResponse(dataEnvelope(DriverSignInSchema)) },
  errors: ['invalid_state'],
  errorNotes: {
    invalid_request: 'A field failed validation, or the phone number is already another user’s sign-in',
    invalid_state: 'The driver is a simulated driver of a sandbox account',
  },
  docs: {
    ops: {
      operationId: 'opsSetDriverSignIn',
      summary: 'Give a driver a sign-in for the driver app',
      description:
        'The driver signs in to `/driver` with `phone` and `pin`. Called again for the same driver, it replaces the phone and PIN: the driver’s sessions end and sign-in links not used yet stop working. Sign-ins are throttled like the dashboard’s (5 failures per phone in 15 minutes).',
    },
  },
  run: async ({ params, input }) => dataReply(await setDriverSignIn({ driverId: params.id, input }), 201),
});

/** A one-time sign-in link for the driver (15 minutes), shown as a QR code. */
export const driverSignInLinkOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { admin: '/api/admin/drivers/{id}/sign-in-link' },
  run: async ({ params }) => dataReply(await createDriverSignInLink({ driverId: params.id }), 201),
});

/** Failed driver PIN sign-ins across all phones against the platform's budget (the console's alert). */
export const signInAlertOperation = defineOperation()({
  method: 'GET',
  mounts: { admin: '/api/admin/sign-in-alert' },
  run: async () => dataReply(await getSignInAlert()),
});

export const recordLocationOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { ops: '/api/ops/drivers/{id}/location' },
  pathId: 'driver',
  body: { schema: DriverLocationBodySchema, description: 'Where the driver is now.' },
  responses: { '200': jsonResponse('The position, and what it changed on each of the driver’s dispatches.', dataEnvelope(DriverPositionSchema)) },
  docs: {
    ops: {
      operationId: 'opsRecordDriverLocation',
      summary: 'Report a driver’s position',
      description:
        'Stores the driver’s last known position and applies it to each dispatch the driver is on (assigned, accepted, ready_for_pickup, picked_up), atomically: one statement writes the position, the dispatches’ changes and their events. Within `GEOFENCE_RADIUS_M` (default 200 m) of the pickup before `picked_up`, `near_pickup` is appended to the history once per dispatch; within it of the destination while `picked_up`, `near_destination` once. When the ETA to the next stop moves by more than `ETA_UPDATE_THRESHOLD_MIN` minutes (default 2), or is the first since an assignment, it is stored and announced as a `dispatch.eta_updated` webhook. The sandbox simulator reports its drivers through the same code.',
    },
  },
  run: async ({ params, input }) => dataReply(await recordDriverPosition({ driverId: params.id, ...input })),
});

/** The driver's dispatches across accounts, newest first. */
export const driverDispatchesOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/drivers/{id}/dispatches' },
  run: async ({ params, request }) => {
    const { limit, cursor } = parseQuery(PageQuerySchema, request);
    return { status: 200, json: await listDriverDispatchesJson({ driverId: params.id, limit, cursor }) };
  },
});

/** A driver assigned to one of the account's dispatches (name, phone, fleet; last position while on duty for one of them). */
export const accountDriverOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { staff: '/api/staff/drivers/{id}' },
  run: async ({ caller, params }) => dataReply(await getDriver({ accountId: caller.accountId, id: params.id })),
});

/** Active drivers' last positions and the open dispatches, for the live map. */
export const liveMapOperation = defineOperation()({
  method: 'GET',
  mounts: { admin: '/api/admin/live-map' },
  run: async () => dataReply(await readLiveMap()),
});

const CandidatesQuerySchema = z.object({ q: text(200).optional() });

/** Drivers who may carry the dispatch, on duty and nearest first, with distance and load. */
export const driverCandidatesOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/dispatches/{id}/driver-candidates' },
  run: async ({ request, params }) => {
    const { q } = parseQuery(CandidatesQuerySchema, request);
    return dataReply(await listDriverCandidates({ dispatchId: params.id, q }));
  },
});

/** The dispatch's driver (name, phone, fleet; last position while on duty); 404 when none is assigned. */
export const assignedDriverOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/dispatches/{id}/driver' },
  run: async ({ params }) => dataReply(await getAssignedDriver({ dispatchId: params.id })),
});

/**
 * Sign in with a one-time sign-in link's token (the driver app's /driver/link/{token} page):
 * consumes the link and sets the cookies a sign-in sets.
 */
export const signInWithLinkOperation = defineOperation()({
  method: 'POST',
  mounts: { public: '/api/session/link' },
  // The origin is checked before the body is: a foreign page learns nothing from a 400.
  readsBody: true,
  run: async ({ request, body }) =>
    signInFromPage(request, (deviceCookie) => signInWithLink({ token: parseInput(SignInLinkBodySchema, body).token, deviceCookie })),
});

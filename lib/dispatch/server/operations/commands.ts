import { actorOf } from '@/lib/dispatch/server/internal/actor-of';
import { applyBulkAction } from '@/lib/dispatch/server/internal/apply-bulk-action';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { CANCEL_REASON_TEXT_MAX, CANCEL_REASONS } from '@/lib/dispatch/shared/cancel-reasons';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { changeDestination } from '@/lib/dispatch/server/internal/change-destination';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { AdminAssignBodySchema, AdminStatusBodySchema, BulkBodySchema } from '@/lib/dispatch/server/console-schemas';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { nameDispatchActors } from '@/lib/dispatch/server/get-dispatch-view';
import { markReady } from '@/lib/dispatch/server/mark-ready';
import { AddressSchema, AssignDriverBodySchema, CancelDispatchBodySchema, CreateDispatchBodySchema, CreatedDispatchSchema, DispatchResponseSchema, StaffDestinationSchema, UpdateDropoffBodySchema } from '@/lib/dispatch/shared/schemas';
import { OpsChangeStatusBodySchema } from '@/lib/dispatch/server/internal/status-cancellation-schema';
import { updateDropoff } from '@/lib/dispatch/server/internal/update-dropoff';
import { LOCATION_HEADER, TAGS } from '@/lib/platform/server/http/openapi/components';
import { codeList } from '@/lib/platform/server/http/openapi/format';
import { jsonResponse, noContent } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { canCancelOrder, DESTINATION_LOCKED_IN, LIFECYCLE_STATUSES } from '@/lib/dispatch/shared/transitions/statuses';

// What callers do to a dispatch: the vendor API, the dashboard, the console and the operator
// API call the same functions, and the history records each caller as `actorOf` says.

export const createDispatchOperation = defineOperation()({
  method: 'POST',
  mounts: { vendor: '/ext/dispatch', staff: '/api/staff/dispatches' },
  body: { schema: CreateDispatchBodySchema, description: 'The dispatch to create.' },
  idempotent: true,
  responses: {
    '201': jsonResponse('Created. `location` points at the new dispatch.', CreatedDispatchSchema, { location: LOCATION_HEADER }),
  },
  errors: ['duplicate_vendor_oid'],
  errorNotes: { invalid_request: 'The body, or the `Idempotency-Key` header, failed validation; `error_desc` names each field' },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'createDispatch',
      summary: 'Create a dispatch',
      description: [
        'Creates a dispatch in state `new`; its first history entry is recorded as `vendor` / your `vendor_id`.',
        '`vendor_oid` is unique per account: a second dispatch with the same value is `400 duplicate_vendor_oid`, also when both requests race.',
        'To retry safely after a timeout, send an `Idempotency-Key`.',
      ].join('\n\n'),
    },
  },
  run: async (context) => {
    const { caller, input } = context;
    // The vendor API's first entry names the vendor (createDispatch's default); the dashboard's, its staff member.
    const actor = context.audience === 'staff' ? actorOf(context) : undefined;
    const dispatch = await createDispatch({ accountId: caller.accountId, input, tariff: caller.tariff, actor });
    const location = context.audience === 'vendor' ? { location: `/ext/dispatch/${dispatch.id}` } : undefined;
    return { status: 201, body: { data: { id: dispatch.id } }, headers: location };
  },
});

export const updateDropoffOperation = defineOperation<{ id: string }>()({
  method: 'PATCH',
  mounts: { vendor: '/ext/dispatch/{id}', staff: '/api/staff/dispatches/{id}/dropoff' },
  pathId: 'dispatch',
  body: { schema: UpdateDropoffBodySchema, description: 'The details to change.' },
  idempotent: true,
  responses: { '200': jsonResponse('Changed: the dispatch record.', DispatchResponseSchema) },
  errors: ['invalid_state'],
  errorNotes: { invalid_state: 'The order is already picked up, delivered, cancelled or rejected; `error_desc` names the state' },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'updateDropoffDetails',
      summary: 'Change the drop-off details',
      description: [
        'Changes `dropoff_instructions`, `contactless` and `tip` until the driver has picked the order up; fields left out stay as they are, `null` removes instructions or tip.',
        'Announced by a `dispatch.details_updated` webhook. To move the destination, use PATCH /ext/dispatch/{id}/destination.',
      ].join('\n\n'),
    },
  },
  run: async (context) => dataReply(await updateDropoff({ id: context.params.id, scope: context.scope, input: context.input, actor: actorOf(context) })),
});

/** The vendor API answers 204; the dashboard gets the moved record back, its actors named (as its GET). */
export const changeDestinationOperation = defineOperation<{ id: string }>()({
  method: 'PATCH',
  mounts: { vendor: '/ext/dispatch/{id}/destination', staff: '/api/staff/dispatches/{id}/destination' },
  pathId: 'dispatch',
  // The dashboard's form always has the address line; the vendor API may send coordinates alone.
  body: { schema: AddressSchema, description: 'The new destination; `lat` and `lng` are required.', for: { staff: StaffDestinationSchema } },
  responses: { '204': noContent('Destination changed.') },
  errors: ['invalid_state'],
  errorNotes: { invalid_state: `The dispatch is ${codeList(DESTINATION_LOCKED_IN)}; its destination can no longer change` },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'changeDestination',
      summary: 'Change the destination',
      description: [
        'Replaces the destination address of a dispatch and updates its `modified_at`; the status history is unchanged.',
        `Refused with \`409 invalid_state\` once the dispatch is ${codeList(DESTINATION_LOCKED_IN)}.`,
      ].join('\n\n'),
    },
  },
  run: async (context) => {
    const { scope } = context;
    const dispatch = await changeDestination({ id: context.params.id, scope, destination: context.input, actor: actorOf(context) });
    if (context.audience === 'vendor') return { status: 204 };
    return dataReply(await nameDispatchActors({ record: dispatch, scope }));
  },
});

export const markReadyOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { vendor: '/ext/dispatch/{id}/ready', staff: '/api/staff/dispatches/{id}/ready' },
  pathId: 'dispatch',
  idempotent: true,
  responses: { '200': jsonResponse('Ready noted: the dispatch record with `ready_at`.', DispatchResponseSchema) },
  errors: ['invalid_state'],
  errorNotes: {
    invalid_state:
      'The order is already picked up or delivered, or the dispatch is cancelled or rejected; `error_desc` names the state, e.g. "The dispatch cannot be marked ready: it is picked_up"',
  },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'markDispatchReady',
      summary: 'Say the food is ready',
      description: [
        'The kitchen has the order ready for pickup. No body.',
        'Once the driver has accepted (`accepted`), `ready_for_pickup` is recorded at once as `vendor` / your account id, with a `dispatch.status_updated` webhook. While the dispatch is still `new`, `dispatch_accepted` or `assigned`, the time is kept in the record’s `ready_at` and `ready_for_pickup` is recorded, once, right after the driver’s `accepted` (its own entry and webhook). The transition table is unchanged.',
        'Saying it again, or after `ready_for_pickup` was recorded, changes nothing and answers `200` with the record: a retry is safe.',
      ].join('\n\n'),
    },
  },
  run: async (context) => dataReply(await markReady({ id: context.params.id, scope: context.scope, actor: actorOf(context) })),
});

const CANCELLABLE = LIFECYCLE_STATUSES.filter((state) => canCancelOrder(state));
const REFUSED = LIFECYCLE_STATUSES.filter((state) => state !== 'cancelled' && !canCancelOrder(state));

export const cancelDispatchOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { vendor: '/ext/dispatch/{id}/cancel', staff: '/api/staff/dispatches/{id}/cancel', admin: '/api/admin/dispatches/{id}/cancel' },
  pathId: 'dispatch',
  body: { schema: CancelDispatchBodySchema, description: 'Why the dispatch is cancelled.' },
  idempotent: true,
  responses: { '200': jsonResponse('Cancelled (or already cancelled): the dispatch record with its `cancellation`.', DispatchResponseSchema) },
  errors: ['invalid_state'],
  errorNotes: {
    invalid_request:
      'The body failed validation (an unknown `reason`, `reason_text` too long, or `other` without `reason_text`), or the `Idempotency-Key` header is invalid; `error_desc` names each field',
    invalid_state: `The dispatch is ${codeList(REFUSED)}: past pickup, or finished; \`error_desc\` names the state, e.g. "The dispatch cannot be cancelled: it is picked_up"`,
  },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'cancelDispatch',
      summary: 'Cancel a dispatch',
      description: [
        `Cancels a dispatch that is ${codeList(CANCELLABLE)}: until the driver has picked it up. The \`cancelled\` status entry is recorded as \`vendor\` / your account id, the record's \`cancellation\` shows the reason, and a \`dispatch.status_updated\` webhook carries it. An assigned driver is released at once and may be offered other work.`,
        `\`reason\` is one of ${codeList(CANCEL_REASONS)}; \`reason_text\` (at most ${CANCEL_REASON_TEXT_MAX} characters) is optional, except with \`other\`, which needs it.`,
        'Cancelling a dispatch that is already cancelled changes nothing and answers `200` with its record again (the first cancellation’s reason stands), so a retry is safe; an `Idempotency-Key` also replays the first answer byte for byte.',
      ].join('\n\n'),
    },
  },
  run: async (context) => dataReply(await cancelDispatch({ id: context.params.id, scope: context.scope, input: context.input, actor: actorOf(context) })),
});

const DISPATCH_COMMAND = { pathId: 'dispatch', responses: { '200': jsonResponse('The updated dispatch.', DispatchResponseSchema) }, errors: ['invalid_transition'] } as const;

export const assignDriverOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { admin: '/api/admin/dispatches/{id}/assign', ops: '/api/ops/dispatches/{id}/assign' },
  ...DISPATCH_COMMAND,
  body: { schema: AssignDriverBodySchema, description: 'The driver to assign.', for: { admin: AdminAssignBodySchema } },
  errorNotes: {
    invalid_request: 'The body failed validation, or there is no active driver with `driver_id`',
    invalid_transition: 'The current state does not allow `assigned`, or the dispatch is already assigned to this driver',
  },
  docs: {
    ops: {
      operationId: 'opsAssignDriver',
      summary: 'Assign or reassign a driver',
      description:
        'Assigns an active driver to any account’s dispatch and records `assigned` in its history (by `ref_type` / `ref_id`, default `admin` / `ops`). Allowed where the transition table allows `assigned`; assigning the driver already assigned is refused.',
    },
  },
  run: async (context) => {
    const { input } = context;
    const dispatch = await assignDriver({ id: context.params.id, scope: context.scope, driverId: input.driver_id, actor: actorOf(context, input) });
    return dataReply(dispatch);
  },
});

export const changeStatusOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { admin: '/api/admin/dispatches/{id}/status', ops: '/api/ops/dispatches/{id}/status' },
  ...DISPATCH_COMMAND,
  // The console's status picker sends a status alone (it cancels through the cancel operation).
  body: { schema: OpsChangeStatusBodySchema, description: 'The status to record, with a cancellation’s reason.', for: { admin: AdminStatusBodySchema } },
  errorNotes: {
    invalid_request:
      'The body failed validation, `status` is `assigned`, `reason` comes with another status than `cancelled`, or `reason` is `other` without `reason_text`',
    invalid_transition: 'The transition table does not allow this status now; `error_desc` lists the allowed ones',
  },
  docs: {
    ops: {
      operationId: 'opsChangeStatus',
      summary: 'Record a status',
      description:
        'Records the status on any account’s dispatch if the transition table allows it from the current state (see **Dispatch lifecycle**); a marker status joins the history without changing the state. `assigned` needs a driver: use the assign operation. `cancelled` may say why: `reason` (the codes of `POST /ext/dispatch/{id}/cancel`) and `reason_text` (required with `other`), shown in the record’s `cancellation` and its webhooks; without them `cancellation.reason` is null. Unlike the vendor’s cancel, recording `cancelled` on a cancelled dispatch is refused like any other illegal transition.',
    },
  },
  run: async (context) => {
    const { status, reason, reason_text, media_url } = context.input;
    const command = { id: context.params.id, scope: context.scope, actor: actorOf(context, context.input), mediaUrl: media_url };
    const dispatch =
      status === 'cancelled'
        ? await cancelDispatch({ ...command, input: { reason, reason_text }, as: 'status' })
        : await changeStatus({ ...command, status });
    return dataReply(dispatch);
  },
});

/** The console's bulk action: assign a driver or record a status on up to 500 dispatches, each on its own; answers per row. */
export const bulkActionOperation = defineOperation()({
  method: 'POST',
  mounts: { admin: '/api/admin/dispatches/bulk' },
  body: { schema: BulkBodySchema, description: 'The dispatches and what to do to them.' },
  run: async (context) => {
    const results = await applyBulkAction({ ids: context.input.ids, action: context.input.action, actor: actorOf(context), scope: context.scope });
    const applied = results.filter((result) => result.ok).length;
    return { status: 200, body: { data: results, applied, refused: results.length - applied } };
  },
});

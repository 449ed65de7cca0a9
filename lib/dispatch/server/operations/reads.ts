import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { adminListArgs, AdminDispatchExportQuerySchema, AdminDispatchListQuerySchema } from '@/lib/dispatch/server/console-schemas';
import { DispatchExportQuerySchema, exportDispatchesCsv } from '@/lib/dispatch/server/internal/export-dispatches-csv';
import { getDispatchJson } from '@/lib/dispatch/server/internal/get-dispatch';
import { getDispatchEta } from '@/lib/dispatch/server/get-dispatch-eta';
import { getDispatchTrail } from '@/lib/dispatch/server/get-dispatch-trail';
import { getDispatchViewJson } from '@/lib/dispatch/server/get-dispatch-view';
import { listDestinationChanges } from '@/lib/dispatch/server/list-destination-changes';
import { listDispatchAudit } from '@/lib/dispatch/server/list-dispatch-audit';
import { getDispatchProof } from '@/lib/dispatch/server/list-dispatch-proofs';
import { listDispatchesJson } from '@/lib/dispatch/server/list-dispatches';
import { DispatchListResponseSchema, DispatchResponseSchema } from '@/lib/dispatch/shared/schemas';
import { DispatchListQuerySchema, DispatchPageLimitSchema, StaffDispatchListQuerySchema } from '@/lib/dispatch/server/list-query-schemas';
import { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { csvDownload } from '@/lib/platform/server/http/csv-download';
import { TAGS } from '@/lib/platform/server/http/openapi/components';

import { jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { FILTERED_LIST_ERRORS } from '@/lib/platform/server/http/openapi/route-contract';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { dispatchChangeStream } from '@/lib/dispatch/server/internal/live/event-stream';
import { parseQuery } from '@/lib/platform/server/validation/parse-input';
import { describeLifecycle, LifecycleSchema } from '@/lib/dispatch/server/internal/transitions/describe-lifecycle';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

// Reading dispatches: the vendor API's record, and the dashboard's and the console's views of it
// (the record with each history entry's actor named, its deliveries, moves, proof and route).

/** The vendor API answers the record; the dashboard and the console, the record with its actors named. */
export const getDispatchOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { vendor: '/ext/dispatch/{id}', staff: '/api/staff/dispatches/{id}', admin: '/api/admin/dispatches/{id}' },
  pathId: 'dispatch',
  responses: { '200': jsonResponse('The dispatch.', DispatchResponseSchema) },
  docs: {
    vendor: { tag: TAGS.dispatches, operationId: 'getDispatch', summary: 'Get a dispatch', description: 'One dispatch of your account with its full status history.' },
  },
  run: async ({ audience, scope, params }) => {
    const json = audience === 'vendor' ? await getDispatchJson({ id: params.id, scope }) : await getDispatchViewJson({ id: params.id, scope });
    return { status: 200, json: `{"data":${json}}` };
  },
});

/**
 * A page of dispatches, newest first. The dashboard's list adds a search box and each row's
 * driver and ETA (`{ account, driver, eta, record }`); the console's spans every account and
 * filters by account, driver and fleet too.
 */
export const listDispatchesOperation = defineOperation()({
  method: 'GET',
  mounts: { vendor: '/ext/dispatches', staff: '/api/staff/dispatches', admin: '/api/admin/dispatches' },
  requestParams: { query: DispatchListQuerySchema.extend({ limit: DispatchPageLimitSchema }) },
  responses: { '200': jsonResponse('A page of dispatches.', DispatchListResponseSchema) },
  ...FILTERED_LIST_ERRORS,
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'listDispatches',
      summary: 'List dispatches',
      description: [
        'Your account’s dispatches, newest first, one page at a time (see **Paging**).',
        'Filters combine with AND: `status` is the current lifecycle state; `vendor_bid` and `vendor_oid` match exactly; `created_from` (inclusive) and `created_to` (exclusive) bound `created_at`.',
      ].join('\n\n'),
    },
  },
  run: async (context) => {
    const { request } = context;
    switch (context.audience) {
      case 'vendor': {
        const { limit, cursor, ...filters } = parseQuery(DispatchListQuerySchema, request);
        return { status: 200, json: await listDispatchesJson({ scope: context.scope, filters, limit, cursor }) };
      }
      case 'staff': {
        const { limit, cursor, ...filters } = parseQuery(StaffDispatchListQuerySchema, request);
        return { status: 200, json: await listDispatchesJson({ scope: context.scope, filters, limit, cursor, withRelated: true }) };
      }
      case 'admin': {
        const { limit, cursor, ...query } = parseQuery(AdminDispatchListQuerySchema, request);
        return { status: 200, json: await listDispatchesJson({ ...adminListArgs(context.scope, query), limit, cursor, withRelated: true }) };
      }
    }
  },
});

export const listDriverDispatchesOperation = defineOperation<{ driver_id: string }>()({
  method: 'GET',
  mounts: { vendor: '/ext/dispatches/d/{driver_id}' },
  requestParams: {
    path: z.object({ driver_id: z.string().meta({ description: 'The driver id', example: 'drv_9Lm2Qx7TzVb4Nc8Rk3PwYa' }) }),
    query: PageQuerySchema.extend({ limit: DispatchPageLimitSchema }),
  },
  responses: { '200': jsonResponse('A page of dispatches.', DispatchListResponseSchema) },
  errors: ['invalid_request'],
  errorNotes: { invalid_request: '`limit` is out of range, or `cursor` is not one this API returned' },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'listDriverDispatches',
      summary: 'List a driver’s dispatches',
      description:
        'Your account’s dispatches currently assigned to the driver, newest first, paged like `GET /ext/dispatches`. An unknown driver id gives an empty list, not a 404.',
    },
  },
  run: async ({ scope, params, request }) => {
    const { limit, cursor } = parseQuery(PageQuerySchema, request);
    return { status: 200, json: await listDispatchesJson({ scope, filters: { driverId: params.driver_id }, limit, cursor }) };
  },
});

/** Every dispatch matching the list's filters, as a CSV download (the console's with the account first). */
export const exportDispatchesOperation = defineOperation()({
  method: 'GET',
  mounts: { staff: '/api/staff/dispatches/export', admin: '/api/admin/dispatches/export' },
  run: async (context) => {
    if (context.audience === 'staff') {
      return csvDownload(await exportDispatchesCsv({ scope: context.scope, filters: parseQuery(DispatchExportQuerySchema, context.request) }), 'dispatches');
    }
    const query = parseQuery(AdminDispatchExportQuerySchema, context.request);
    return csvDownload(await exportDispatchesCsv({ ...adminListArgs(context.scope, query), withRelated: true }), 'dispatches-all-accounts');
  },
});

/** Server-sent events: every change to the dispatches the caller may see, live. */
export const dispatchEventsOperation = defineOperation()({
  method: 'GET',
  mounts: { staff: '/api/staff/events', admin: '/api/admin/dispatches/events' },
  run: async ({ scope, request }) => ({ status: 200, response: dispatchChangeStream({ scope, signal: request.signal }) }),
});

/**
 * A part of one dispatch that staff and admins read for the dispatch page (the dashboard's and the
 * console's): `GET /api/{staff,admin}/dispatches/{id}/<part>`, read within the caller's scope
 * (another account's dispatch is a 404) and answered `{ data }`.
 */
function dispatchPartOperation(part: string, read: (target: { scope: Scope; id: string }) => Promise<unknown>) {
  return defineOperation<{ id: string }>()({
    method: 'GET',
    mounts: { staff: `/api/staff/dispatches/{id}/${part}`, admin: `/api/admin/dispatches/{id}/${part}` },
    run: async ({ scope, params }) => dataReply(await read({ scope, id: params.id })),
  });
}

/** Every move of the destination, oldest first, with the address before and after. */
export const destinationChangesOperation = dispatchPartOperation('destination-changes', listDestinationChanges);

/** The ETA last announced for the dispatch (null while none stands). */
export const dispatchEtaOperation = dispatchPartOperation('eta', getDispatchEta);

/** The driver's proof photos, signature and failure photo (ids for the caller's media route) and a failed delivery's reason. */
export const dispatchProofOperation = dispatchPartOperation('proof', getDispatchProof);

/** The route the driver took: their positions on the dispatch, oldest first (thinned past 500). */
export const dispatchTrailOperation = dispatchPartOperation('trail', getDispatchTrail);

/** The audit trail: every event of the dispatch in order, with who caused it. */
export const dispatchAuditOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/dispatches/{id}/audit' },
  run: async ({ scope, params }) => dataReply(await listDispatchAudit({ id: params.id, scope })),
});

/** The status values and the enforced transition table; no credential needed. */
export const statusesOperation = defineOperation()({
  method: 'GET',
  mounts: { public: '/ext/statuses' },
  responses: { '200': jsonResponse('The lifecycle.', dataEnvelope(LifecycleSchema)) },
  errors: ['internal_error'],
  docs: {
    public: {
      tag: TAGS.service,
      operationId: 'getStatuses',
      summary: 'Status values and transition table',
      description: 'The lifecycle and marker statuses and the transition table the service enforces. No API key needed.',
    },
  },
  run: async () => dataReply(describeLifecycle()),
});

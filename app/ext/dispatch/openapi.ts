import { CreateDispatchBodySchema, CreatedDispatchSchema } from '@/lib/dispatches/schemas';
import { LOCATION_HEADER, TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatch',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'createDispatch',
      summary: 'Create a dispatch',
      description: [
        'Creates a dispatch in state `new`; its first history entry is recorded as `vendor` / your `vendor_id`.',
        '`vendor_oid` is unique per account: a second dispatch with the same value is `400 duplicate_vendor_oid`, also when both requests race.',
        'To retry safely after a timeout, send an `Idempotency-Key`.',
      ].join('\n\n'),
      body: { schema: CreateDispatchBodySchema, description: 'The dispatch to create.' },
      idempotent: true,
      responses: {
        '201': jsonResponse('Created. `location` points at the new dispatch.', CreatedDispatchSchema, { location: LOCATION_HEADER }),
      },
      errors: ['duplicate_vendor_oid'],
      errorNotes: {
        invalid_request: 'The body, or the `Idempotency-Key` header, failed validation; `error_desc` names each field',
      },
    },
  },
};

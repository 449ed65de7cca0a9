import { AddressSchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import { codeList } from '@/lib/http/openapi/format';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { noContent } from '@/lib/http/openapi/success-responses';
import { DESTINATION_LOCKED_IN } from '@/lib/transitions/statuses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatch/{id}/destination',
  operations: {
    patch: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'changeDestination',
      summary: 'Change the destination',
      description: [
        'Replaces the destination address of a dispatch and updates its `modified_at`; the status history is unchanged.',
        `Refused with \`409 invalid_state\` once the dispatch is ${codeList(DESTINATION_LOCKED_IN)}.`,
      ].join('\n\n'),
      pathId: 'dispatch',
      body: { schema: AddressSchema, description: 'The new destination; `lat` and `lng` are required.' },
      responses: { '204': noContent('Destination changed.') },
      errors: ['invalid_state'],
      errorNotes: { invalid_state: `The dispatch is ${codeList(DESTINATION_LOCKED_IN)}; its destination can no longer change` },
    },
  },
};

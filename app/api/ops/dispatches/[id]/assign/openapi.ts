import { AssignDriverBodySchema } from '@/lib/dispatches/schemas';
import { opsDispatchCommand } from '@/lib/http/openapi/ops-dispatch-command';
import type { RouteContract } from '@/lib/http/openapi/route-contract';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/dispatches/{id}/assign',
  operations: {
    post: opsDispatchCommand({
      operationId: 'opsAssignDriver',
      summary: 'Assign or reassign a driver',
      description:
        'Assigns an active driver to any account’s dispatch and records `assigned` in its history (by `ref_type` / `ref_id`, default `admin` / `ops`). Allowed where the transition table allows `assigned`; assigning the driver already assigned is refused.',
      body: { schema: AssignDriverBodySchema, description: 'The driver to assign.' },
      errorNotes: {
        invalid_request: 'The body failed validation, or there is no active driver with `driver_id`',
        invalid_transition: 'The current state does not allow `assigned`, or the dispatch is already assigned to this driver',
      },
    }),
  },
};

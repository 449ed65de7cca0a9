import { z } from 'zod';
import { AccountModesSchema, UpdateAccountModesBodySchema } from '@/lib/accounts/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts/{id}/modes',
  operations: {
    get: {
      audience: 'ops',
      operationId: 'opsGetAccountModes',
      summary: 'Read an account’s modes (auto-assign, sandbox)',
      pathId: 'account',
      responses: { '200': jsonResponse('The modes.', z.object({ data: AccountModesSchema })) },
    },
    patch: {
      audience: 'ops',
      operationId: 'opsUpdateAccountModes',
      summary: 'Change an account’s modes',
      description:
        'Any subset of the fields. `auto_assign` hands new dispatches to the dispatch engine, which bundles them per pickup and offers each trip to an on-duty driver timed to arrive when the food is ready. `sandbox` hands the account’s dispatches to simulated drivers that move at `sandbox_speed_kmh` and fire the account’s real webhooks.',
      pathId: 'account',
      body: { schema: UpdateAccountModesBodySchema, description: 'The modes to change.' },
      responses: { '200': jsonResponse('All the modes after the change.', z.object({ data: AccountModesSchema })) },
    },
  },
};

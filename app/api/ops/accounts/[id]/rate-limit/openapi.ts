import { z } from 'zod';
import { AccountRateLimitSchema, UpdateRateLimitBodySchema } from '@/lib/accounts/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts/{id}/rate-limit',
  operations: {
    put: {
      audience: 'ops',
      operationId: 'opsSetAccountRateLimit',
      summary: 'Set an account’s API rate limit',
      description:
        'The account’s own token bucket for the vendor API (`/ext/…`): `per_second` refills it, `burst` is its size. Both `null`: back to the server’s default (`API_RATE_LIMIT_PER_S`, `API_RATE_LIMIT_BURST`); both `0`: no limit for this account. Applies to the account’s next request on every server process.',
      pathId: 'account',
      body: { schema: UpdateRateLimitBodySchema, description: 'The account’s limit, or nulls for the default.' },
      responses: { '200': jsonResponse('The limit now in force.', z.object({ data: AccountRateLimitSchema })) },
    },
  },
};

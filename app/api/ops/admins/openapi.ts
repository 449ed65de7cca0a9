import { CreateStaffBodySchema, StaffUserResponseSchema } from '@/lib/auth/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { createdResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/admins',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsCreateAdmin',
      summary: 'Create a platform admin',
      description:
        'An admin signs in at `/login` like staff and lands in the console at `/admin`: every account’s dispatches, drivers, fleets and accounts. `npm start` seeds one with the demo and prints its password.',
      body: { schema: CreateStaffBodySchema, description: 'The admin.' },
      responses: { '201': createdResponse(StaffUserResponseSchema) },
      errorNotes: { invalid_request: 'A field failed validation, or the email is taken' },
    },
  },
};

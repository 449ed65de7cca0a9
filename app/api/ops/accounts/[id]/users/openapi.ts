import { CreateStaffBodySchema, StaffUserResponseSchema } from '@/lib/auth/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { createdResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts/{id}/users',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsCreateStaffUser',
      summary: 'Create a staff sign-in for an account’s dashboard',
      description:
        'A restaurant staff member who signs in to the dashboard at `/login` with this email and password and sees only this account. Passwords are stored as Argon2id hashes.',
      pathId: 'account',
      body: { schema: CreateStaffBodySchema, description: 'The staff member.' },
      responses: { '201': createdResponse(StaffUserResponseSchema) },
      errorNotes: { invalid_request: 'A field failed validation, or the email is taken' },
    },
  },
};

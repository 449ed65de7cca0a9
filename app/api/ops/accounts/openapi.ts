import { CreateAccountBodySchema, CreatedAccountSchema } from '@/lib/accounts/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { createdResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsCreateAccount',
      summary: 'Create a vendor account',
      description:
        'Creates an account with its first API key and its webhook signing secret. Both are returned in this response only; the key is stored as a hash and cannot be shown again.',
      body: { schema: CreateAccountBodySchema, description: 'The account to create.' },
      responses: { '201': createdResponse(CreatedAccountSchema) },
    },
  },
};

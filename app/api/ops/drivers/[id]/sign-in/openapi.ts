import { z } from 'zod';
import { DriverSignInSchema, SetDriverSignInBodySchema } from '@/lib/drivers/driver-sign-in-schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { createdResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/drivers/{id}/sign-in',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsSetDriverSignIn',
      summary: 'Give a driver a sign-in for the driver app',
      description:
        'The driver signs in to `/driver` with `phone` and `pin`. Called again for the same driver, it replaces the phone and PIN: the driver’s sessions end and sign-in links not used yet stop working. Sign-ins are throttled like the dashboard’s (5 failures per phone in 15 minutes).',
      pathId: 'driver',
      body: { schema: SetDriverSignInBodySchema, description: 'The phone number and the PIN.' },
      responses: { '201': createdResponse(z.object({ data: DriverSignInSchema })) },
      errors: ['invalid_state'],
      errorNotes: {
        invalid_request: 'A field failed validation, or the phone number is already another user’s sign-in',
        invalid_state: 'The driver is a simulated driver of a sandbox account',
      },
    },
  },
};

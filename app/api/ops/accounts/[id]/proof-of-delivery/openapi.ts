import { z } from 'zod';
import { AccountProofOfDeliverySchema, UpdateProofOfDeliveryBodySchema } from '@/lib/accounts/proof-of-delivery-schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts/{id}/proof-of-delivery',
  operations: {
    get: {
      audience: 'ops',
      operationId: 'opsGetProofOfDelivery',
      summary: 'Read an account’s proof-of-delivery requirement',
      pathId: 'account',
      responses: { '200': jsonResponse('The requirement.', z.object({ data: AccountProofOfDeliverySchema })) },
    },
    put: {
      audience: 'ops',
      operationId: 'opsUpdateProofOfDelivery',
      summary: 'Set an account’s proof-of-delivery requirement',
      description:
        'What a driver must provide in the driver app before recording `delivered` for the account’s dispatches: `none`, `photo`, `signature`, or `pin` (the 4-digit code shown on the customer’s tracking page, checked by the server). Without it the driver’s delivery is refused. Proof photos and signatures reach the vendor as `media_url` links. Applies from the next delivery attempt, also to dispatches already under way.',
      pathId: 'account',
      body: { schema: UpdateProofOfDeliveryBodySchema, description: 'The requirement.' },
      responses: { '200': jsonResponse('The requirement after the change.', z.object({ data: AccountProofOfDeliverySchema })) },
    },
  },
};

import { EstimateBodySchema, EstimateResponseSchema } from '@/lib/estimates/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/estimate',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.estimates,
      operationId: 'estimateDelivery',
      summary: 'Estimate a delivery',
      description:
        'Times (whole minutes) and prices (your tariff’s currency, VAT separate) for delivering from `pickup` to `destination`; see **Estimates**. Nothing is stored: the prices are held for 10 minutes by the returned `quote_id`, a signed token a create can name once.',
      body: { schema: EstimateBodySchema, description: 'The trip to estimate.' },
      responses: { '200': jsonResponse('The estimate.', EstimateResponseSchema) },
    },
  },
};

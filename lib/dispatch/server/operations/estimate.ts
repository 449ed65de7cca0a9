import { EstimateBodySchema, EstimateResponseSchema } from '@/lib/dispatch/shared/estimate-schemas';
import { TAGS } from '@/lib/platform/server/http/openapi/components';
import { jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { quoteDelivery } from '@/lib/pricing/server/quotes/quote-delivery';

/** Times and prices for a pickup and destination under the caller's tariff, held as a signed quote. */
export const estimateOperation = defineOperation()({
  method: 'POST',
  mounts: { vendor: '/ext/estimate', staff: '/api/staff/estimate' },
  body: { schema: EstimateBodySchema, description: 'The trip to estimate.' },
  responses: { '200': jsonResponse('The estimate.', EstimateResponseSchema) },
  docs: {
    vendor: {
      tag: TAGS.estimates,
      operationId: 'estimateDelivery',
      summary: 'Estimate a delivery',
      description:
        'Times (whole minutes) and prices (your tariff’s currency, VAT separate) for delivering from `pickup` to `destination`; see **Estimates**. Nothing is stored: the prices are held for 10 minutes by the returned `quote_id`, a signed token a create can name once.',
    },
  },
  run: async ({ caller, input }) => dataReply(await quoteDelivery({ accountId: caller.accountId, input, tariff: caller.tariff })),
});

import { z } from 'zod';
import { TariffSchema, UpdateTariffBodySchema } from '@/lib/accounts/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts/{id}/tariff',
  operations: {
    put: {
      audience: 'ops',
      operationId: 'opsUpdateTariff',
      summary: 'Replace an account’s tariff',
      description:
        'Delivery price = `base_fare_minor` + `per_km_minor` × road distance, at least `min_fare_minor`; VAT (`vat_rate_bps`, 1500 = 15 %) on top; amounts in minor units of `currency`. Estimates and new dispatches use it at once; existing dispatches keep their price.',
      pathId: 'account',
      body: { schema: UpdateTariffBodySchema, description: 'The whole tariff.' },
      responses: { '200': jsonResponse('The tariff now in force.', z.object({ data: TariffSchema.meta({ id: 'Tariff' }) })) },
    },
  },
};

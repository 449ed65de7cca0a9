import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/openapi.json',
  operations: {
    get: {
      audience: 'public',
      tag: TAGS.service,
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI document',
      description: 'The OpenAPI 3.1 description of this API, generated from the server’s schemas. No API key needed. Rendered at `/docs`.',
      responses: { '200': jsonResponse('The document.', { type: 'object', description: 'This OpenAPI 3.1 document' }) },
      errors: ['internal_error'],
    },
  },
};

import { publicRoute, otherMethods } from '@/lib/http/route';
import { buildOpenApiDocument } from '@/lib/http/openapi/build-openapi-document';
import { API_DECLARATIONS } from '@/app/ext/openapi.json/operations';

// GET /ext/openapi.json — the OpenAPI 3.1 document of the whole API, from each route's contract (its openapi.ts)
export const GET = publicRoute({}, async () => ({ status: 200, body: buildOpenApiDocument(API_DECLARATIONS) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });

import { publicRoute, otherMethods } from '@/lib/http/route';
import { buildOpenApiDocument } from '@/lib/openapi/build-openapi-document';

// GET /ext/openapi.json — the OpenAPI 3.1 document of the whole API, generated from the zod schemas
export const GET = publicRoute({}, async () => ({ status: 200, body: buildOpenApiDocument() }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });

import { createDocument, type ZodOpenApiPathItemObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_KEY_SCHEME, COMPONENTS, TAG_OBJECTS } from '@/lib/http/openapi/components';
import { describeApi } from '@/lib/http/openapi/describe-api';
import { DOCUMENTED_METHODS, toOperation, type RouteContract } from '@/lib/http/openapi/route-contract';

// The OpenAPI 3.1 document, assembled from the routes' contracts (each route's `openapi.ts`,
// listed in app/ext/openapi.json/contracts.ts), built from the zod schemas the handlers validate
// with so the docs cannot drift from the code. Built on first request, not at import: it walks
// every schema, and most processes (workers, scripts) never need it.

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Spec release the document describes. */
const API_VERSION = '1.3.0';

function buildPaths(contracts: readonly RouteContract[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const { path, operations } of contracts) {
    if (path in paths) throw new Error(`Two route contracts declare ${path}`);
    const item: ZodOpenApiPathItemObject = {};
    for (const method of DOCUMENTED_METHODS) {
      const operation = operations[method];
      if (operation) item[method] = toOperation(operation);
    }
    paths[path] = item;
  }
  return paths;
}

function buildDocument(contracts: readonly RouteContract[]): OpenApiDocument {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Dispatch API',
      version: API_VERSION,
      description: describeApi(),
    },
    servers: [{ url: '/' }],
    security: [{ [API_KEY_SCHEME]: [] }],
    tags: TAG_OBJECTS,
    paths: buildPaths(contracts),
    components: COMPONENTS,
  });
}

const built = new WeakMap<readonly RouteContract[], OpenApiDocument>();

/** The OpenAPI document of these routes, built once per process. */
export function buildOpenApiDocument(contracts: readonly RouteContract[]): OpenApiDocument {
  let document = built.get(contracts);
  if (!document) {
    document = buildDocument(contracts);
    built.set(contracts, document);
  }
  return document;
}

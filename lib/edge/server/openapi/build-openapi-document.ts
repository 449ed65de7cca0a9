import { createDocument, type ZodOpenApiPathItemObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_KEY_SCHEME, COMPONENTS, TAG_OBJECTS } from '@/lib/platform/server/http/openapi/components';
import { describeApi } from '@/lib/edge/server/internal/openapi/describe-api';
import { DOCUMENTED_METHODS, toOperation } from '@/lib/platform/server/http/openapi/route-contract';
import { DOCUMENTED_AUDIENCES, type Operation } from '@/lib/platform/server/http/operation';

// The OpenAPI 3.1 document, generated from the operations' declarations (lib/platform/server/http/operation.ts,
// listed in app/ext/openapi.json/operations.ts): the zod schemas the handlers validate with are
// the ones it shows, so the docs cannot drift from the code. Built on first request, not at import: it walks
// every schema, and most processes (workers, scripts) never need it.

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Spec release the document describes. */
const API_VERSION = '1.3.0';

function buildPaths(operations: readonly Operation[]): ZodOpenApiPathsObject {
  const paths: Record<string, ZodOpenApiPathItemObject> = {};
  for (const operation of operations) {
    for (const audience of DOCUMENTED_AUDIENCES) {
      const path = operation.mounts[audience];
      const contract = operation.contract(audience);
      if (!path || !contract) continue;
      const method = operation.method.toLowerCase() as (typeof DOCUMENTED_METHODS)[number];
      const item = (paths[path] ??= {});
      if (item[method]) throw new Error(`Two operations declare ${operation.method} ${path}`);
      item[method] = toOperation(contract);
    }
  }
  return paths;
}

function buildDocument(operations: readonly Operation[]): OpenApiDocument {
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
    paths: buildPaths(operations),
    components: COMPONENTS,
  });
}

const built = new WeakMap<readonly Operation[], OpenApiDocument>();

/** The OpenAPI document of these operations, built once per process. */
export function buildOpenApiDocument(operations: readonly Operation[]): OpenApiDocument {
  let document = built.get(operations);
  if (!document) {
    document = buildDocument(operations);
    built.set(operations, document);
  }
  return document;
}

import { createDocument, type ZodOpenApiPathItemObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_KEY_SCHEME, COMPONENTS, TAG_OBJECTS } from '@/lib/http/openapi/components';
import { describeApi } from '@/lib/http/openapi/describe-api';
import { DOCUMENTED_METHODS, toOperation, type RouteContract } from '@/lib/http/openapi/route-contract';
import { DOCUMENTED_AUDIENCES, type Operation } from '@/lib/http/operation';

// The OpenAPI 3.1 document, assembled from the routes' contracts (each route's `openapi.ts`,
// listed in app/ext/openapi.json/contracts.ts), built from the zod schemas the handlers validate
// with so the docs cannot drift from the code. Built on first request, not at import: it walks
// every schema, and most processes (workers, scripts) never need it.

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Spec release the document describes. */
const API_VERSION = '1.3.0';

/** What the document is built from: the declared operations, and the routes still described by a contract file. */
export interface ApiDeclarations {
  operations: readonly Operation[];
  contracts: readonly RouteContract[];
}

function buildPaths({ operations, contracts }: ApiDeclarations): ZodOpenApiPathsObject {
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
  for (const { path, operations: methods } of contracts) {
    if (path in paths) throw new Error(`Two route contracts declare ${path}`);
    const item: ZodOpenApiPathItemObject = {};
    for (const method of DOCUMENTED_METHODS) {
      const operation = methods[method];
      if (operation) item[method] = toOperation(operation);
    }
    paths[path] = item;
  }
  return paths;
}

function buildDocument(declarations: ApiDeclarations): OpenApiDocument {
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
    paths: buildPaths(declarations),
    components: COMPONENTS,
  });
}

const built = new WeakMap<ApiDeclarations, OpenApiDocument>();

/** The OpenAPI document of these operations, built once per process. */
export function buildOpenApiDocument(declarations: ApiDeclarations): OpenApiDocument {
  let document = built.get(declarations);
  if (!document) {
    document = buildDocument(declarations);
    built.set(declarations, document);
  }
  return document;
}

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_TABLE } from '@/lib/platform/server/http/error-table';
import type { OpenApiDocument } from '@/lib/edge/server/openapi/build-openapi-document';

// The document /ext/openapi.json serves, assembled from every route's contract.

const created = vi.hoisted(() => ({ documents: 0 }));
vi.mock('zod-openapi', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod-openapi')>();
  return {
    ...actual,
    createDocument: (...args: Parameters<typeof actual.createDocument>) => {
      created.documents++;
      return actual.createDocument(...args);
    },
  };
});

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/**
 * Every operation documented when the contracts moved beside the routes (issue 17), with the
 * statuses its handler can answer: the document must list exactly these.
 */
const ROUTES: [method: string, path: string, statuses: string[]][] = [
  ['post', '/ext/dispatch', ['201', '400', '401', '409', '413', '422', '500']],
  ['get', '/ext/dispatch/{id}', ['200', '401', '404', '500']],
  ['patch', '/ext/dispatch/{id}', ['200', '400', '401', '404', '409', '413', '422', '500']],
  ['post', '/ext/dispatch/{id}/ready', ['200', '400', '401', '404', '409', '422', '500']],
  ['patch', '/ext/dispatch/{id}/destination', ['204', '400', '401', '404', '409', '413', '500']],
  ['post', '/ext/dispatch/{id}/cancel', ['200', '400', '401', '404', '409', '413', '422', '500']],
  ['get', '/ext/dispatches', ['200', '400', '401', '500']],
  ['get', '/ext/dispatches/d/{driver_id}', ['200', '400', '401', '500']],
  ['post', '/ext/estimate', ['200', '400', '401', '413', '500']],
  ['post', '/ext/webhook', ['204', '400', '401', '409', '413', '422', '429', '500', '503']],
  ['get', '/ext/webhook', ['200', '401', '404', '500']],
  ['post', '/ext/webhook/enable', ['200', '400', '401', '404', '409', '422', '500']],
  ['post', '/ext/webhook/test', ['202', '400', '401', '409', '422', '500']],
  ['post', '/ext/webhook/secret/rotate', ['200', '400', '401', '409', '422', '500']],
  ['get', '/ext/webhook/deliveries', ['200', '400', '401', '500']],
  ['get', '/ext/webhook/deliveries/{id}', ['200', '401', '404', '500']],
  ['post', '/ext/webhook/deliveries/{id}/redeliver', ['202', '400', '401', '404', '409', '422', '500']],
  ['get', '/ext/statuses', ['200']],
  ['get', '/ext/openapi.json', ['200']],
  ['get', '/api/health', ['200']],
  ['get', '/api/ping', ['200']],
  ['post', '/api/ops/accounts', ['201', '400', '401', '403', '500']],
  ['post', '/api/ops/drivers', ['201', '400', '401', '403', '500']],
  ['post', '/api/ops/dispatches/{id}/assign', ['200', '400', '401', '403', '404', '409', '500']],
  ['post', '/api/ops/dispatches/{id}/status', ['200', '400', '401', '403', '404', '409', '500']],
  ['post', '/api/ops/accounts/{id}/users', ['201', '400', '401', '403', '404', '500']],
  ['post', '/api/ops/accounts/{id}/webhook/enable', ['200', '401', '403', '404', '500']],
  ['get', '/api/ops/webhook-deliveries/{id}', ['200', '401', '403', '404', '500']],
  ['get', '/api/ops/accounts/{id}/modes', ['200', '401', '403', '404', '500']],
  ['patch', '/api/ops/accounts/{id}/modes', ['200', '400', '401', '403', '404', '500']],
  ['post', '/api/ops/admins', ['201', '400', '401', '403', '500']],
  ['put', '/api/ops/accounts/{id}/tariff', ['200', '400', '401', '403', '404', '500']],
  ['put', '/api/ops/accounts/{id}/rate-limit', ['200', '400', '401', '403', '404', '500']],
  ['patch', '/api/ops/drivers/{id}', ['200', '400', '401', '403', '404', '500']],
  ['get', '/api/ops/fleets', ['200', '400', '401', '403', '500']],
  ['post', '/api/ops/fleets', ['201', '400', '401', '403', '500']],
  ['patch', '/api/ops/fleets/{id}', ['200', '400', '401', '403', '404', '500']],
  ['post', '/api/ops/drivers/{id}/location', ['200', '400', '401', '403', '404', '500']],
  ['get', '/ext/media/{id}', ['302', '401', '404', '500']],
  ['post', '/api/ops/drivers/{id}/sign-in', ['201', '400', '401', '403', '404', '500']],
  ['get', '/api/ops/accounts/{id}/proof-of-delivery', ['200', '401', '403', '404', '500']],
  ['put', '/api/ops/accounts/{id}/proof-of-delivery', ['200', '400', '401', '403', '404', '500']],
];

interface Operation {
  operationId: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: ({ $ref: string } | { name: string; in: string })[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, unknown>; 'x-error-codes'?: string[] }>;
}

let document: OpenApiDocument;

beforeAll(async () => {
  const { GET } = await import('@/app/ext/openapi.json/route');
  // Loading the route (and every contract) builds nothing: the document is built on first request.
  expect(created.documents).toBe(0);
  const response = await GET(new Request('http://localhost/ext/openapi.json'), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
  expect(created.documents).toBe(1);
});

function operations(): [method: string, path: string, operation: Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const found = (item as Record<string, unknown>)[method] as Operation | undefined;
      return found ? [[method, path, found] as [string, string, Operation]] : [];
    }),
  );
}

function operation(method: string, path: string): Operation {
  const found = operations().find(([m, p]) => m === method && p === path);
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return found[2];
}

describe('GET /ext/openapi.json', () => {
  it('is an OpenAPI 3.1 document of spec version 1.3.0, built once per process', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.3.0');
    const { GET } = await import('@/app/ext/openapi.json/route');
    await GET(new Request('http://localhost/ext/openapi.json'), { params: Promise.resolve({}) });
    expect(created.documents).toBe(1);
  });

  it('serves the document it built, unchanged by JSON', async () => {
    const { buildOpenApiDocument } = await import('@/lib/edge/server/openapi/build-openapi-document');
    const { DOCUMENTED_OPERATIONS } = await import('@/app/ext/openapi.json/operations');
    expect(document).toEqual(buildOpenApiDocument(DOCUMENTED_OPERATIONS));
    expect(created.documents).toBe(1);
  });

  it('documents exactly the operations it documented before the contracts moved beside the routes', () => {
    const documented = operations().map(([method, path]) => `${method} ${path}`);
    expect(documented.sort()).toEqual(ROUTES.map(([method, path]) => `${method} ${path}`).sort());
  });

  it.each(ROUTES)('documents %s %s with its statuses', (method, path, statuses) => {
    expect(Object.keys(operation(method, path).responses)).toEqual(expect.arrayContaining(statuses));
  });

  it('gives every operation its own operationId', () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('registers the shared schemas as components', () => {
    const schemas = Object.keys(document.components?.schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(['Dispatch', 'Address', 'Error', 'QuotedEstimate', 'Pricing', 'Lifecycle', 'Driver']));
  });

  it('points every $ref at something the document defines', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map(([, pointer]) => pointer!);
    expect(refs.length).toBeGreaterThan(0);
    for (const pointer of new Set(refs)) {
      const target = pointer.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
      expect(target, pointer).toBeDefined();
    }
  });

  it('documents only error codes that exist, under the status ERROR_TABLE gives them, with the Error schema', () => {
    const statuses: Record<string, number> = Object.fromEntries(Object.entries(ERROR_TABLE).map(([code, { status }]) => [code, status]));
    let checked = 0;
    for (const [method, path, { responses }] of operations()) {
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const codes = response['x-error-codes'] ?? [];
        expect(codes.length, `${method} ${path} ${status} lists its codes`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(statuses[code], `${method} ${path} ${status} ${code}`).toBe(Number(status));
          checked++;
        }
        expect(response.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Error');
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('protects the vendor API with the API key, the operator API with its own bearer token, and leaves public routes open', () => {
    expect(document.security).toEqual([{ ApiKey: [] }]);
    for (const [method, path, op] of operations()) {
      if (path.startsWith('/api/ops/')) {
        expect(op.security, `${method} ${path}`).toEqual([{ OpsToken: [] }]);
        expect(op.tags).toEqual(['Operator API']);
      }
      if (path.startsWith('/ext/') && !['/ext/statuses', '/ext/openapi.json'].includes(path)) {
        expect(op.security, `${method} ${path}`).toBeUndefined();
      }
    }
    for (const path of ['/ext/statuses', '/ext/openapi.json', '/api/health', '/api/ping']) {
      expect(operation('get', path).security).toEqual([]);
    }
  });

  it('documents the rate limit on every vendor operation: 429 rate_limited with Retry-After, the RateLimit fields on every answer but the 401', () => {
    let checked = 0;
    for (const [method, path, op] of operations()) {
      const isVendor = path.startsWith('/ext/') && !['/ext/statuses', '/ext/openapi.json'].includes(path);
      expect(op.responses['429']?.['x-error-codes']?.includes('rate_limited') ?? false, `${method} ${path}`).toBe(isVendor);
      if (!isVendor) continue;
      expect(op.responses['429']?.headers, `${method} ${path}`).toHaveProperty('retry-after');
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '401') continue;
        expect(response.headers, `${method} ${path} ${status}`).toHaveProperty('ratelimit');
        expect(response.headers, `${method} ${path} ${status}`).toHaveProperty('ratelimit-policy');
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('offers Idempotency-Key on the writes declared idempotent, for vendors and the operator alike, and nowhere else', () => {
    const withKey = operations()
      .filter(([, , op]) => op.parameters?.some((parameter) => '$ref' in parameter && parameter.$ref.endsWith('/IdempotencyKey')))
      .map(([method, path]) => `${method} ${path}`);
    expect(withKey.sort()).toEqual([
      'patch /ext/dispatch/{id}',
      'post /api/ops/accounts/{id}/webhook/enable',
      'post /ext/dispatch',
      'post /ext/dispatch/{id}/cancel',
      'post /ext/dispatch/{id}/ready',
      'post /ext/webhook',
      'post /ext/webhook/deliveries/{id}/redeliver',
      'post /ext/webhook/enable',
      'post /ext/webhook/secret/rotate',
      'post /ext/webhook/test',
    ]);
  });

  it('registers the webhook schemas and tags the webhook routes Webhooks', () => {
    const schemas = Object.keys(document.components?.schemas ?? {});
    expect(schemas).toEqual(
      expect.arrayContaining(['WebhookEndpoint', 'WebhookDelivery', 'WebhookDeliveryDetail', 'WebhookAttempt', 'WebhookDeliveryList', 'RotatedSecret']),
    );
    for (const [method, path, op] of operations()) {
      if (path.startsWith('/ext/webhook')) expect(op.tags, `${method} ${path}`).toEqual(['Webhooks']);
    }
  });

  it('carries the errors table and the webhook rules in info.description', () => {
    const description = document.info.description ?? '';
    for (const [code, { status }] of Object.entries(ERROR_TABLE)) expect(description).toContain(`| \`${code}\` | ${status} |`);
    expect(description).toContain('## Webhooks');
  });
});

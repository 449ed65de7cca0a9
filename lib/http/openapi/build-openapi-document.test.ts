import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/http/openapi/build-openapi-document';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse, noContent } from '@/lib/http/openapi/success-responses';

// The assembly from contracts, on a few made-up routes; the real document's tests are in
// app/ext/openapi.json/openapi-document.test.ts.

const ThingSchema = z.object({ name: z.string() });

const CONTRACTS: readonly RouteContract[] = [
  {
    path: '/ext/things',
    operations: {
      post: {
        audience: 'vendor',
        tag: TAGS.dispatches,
        operationId: 'createThing',
        summary: 'Create a thing',
        body: { schema: ThingSchema, description: 'The thing.' },
        idempotent: true,
        responses: { '201': jsonResponse('Created.', ThingSchema) },
        errors: ['duplicate_vendor_oid'],
      },
      get: {
        audience: 'vendor',
        tag: TAGS.dispatches,
        operationId: 'listThings',
        summary: 'List things',
        responses: { '200': jsonResponse('Things.', z.array(ThingSchema)) },
      },
    },
  },
  {
    path: '/api/ops/things/{id}',
    operations: {
      delete: {
        audience: 'ops',
        operationId: 'opsDeleteThing',
        summary: 'Delete a thing',
        requestParams: { path: z.object({ id: z.string() }) },
        responses: { '204': noContent('Deleted.') },
        errors: ['not_found'],
      },
    },
  },
  {
    path: '/api/open',
    operations: {
      get: { audience: 'public', tag: TAGS.service, operationId: 'open', summary: 'Open', responses: { '200': jsonResponse('Yes.', ThingSchema) } },
    },
  },
];
const DECLARED = { operations: [], contracts: CONTRACTS };

interface Operation {
  tags: string[];
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: { description: string };
  responses: Record<string, { headers?: Record<string, unknown>; 'x-error-codes'?: string[] }>;
}

function operation(path: string, method: string): Operation {
  const item = buildOpenApiDocument(DECLARED).paths?.[path] as Record<string, Operation> | undefined;
  const found = item?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

function codes(op: Operation): string[] {
  return Object.values(op.responses).flatMap((response) => response['x-error-codes'] ?? []);
}

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document of spec version 1.3.0 with both security schemes and the API key by default', () => {
    const document = buildOpenApiDocument(DECLARED);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.3.0');
    expect(document.servers).toEqual([{ url: '/' }]);
    expect(document.security).toEqual([{ ApiKey: [] }]);
    expect(document.components?.securitySchemes?.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(document.components?.securitySchemes?.OpsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.tags?.map(({ name }) => name)).toEqual(Object.values(TAGS));
  });

  it('is built once per list of contracts and then reused', () => {
    expect(buildOpenApiDocument(DECLARED)).toBe(buildOpenApiDocument(DECLARED));
    expect(buildOpenApiDocument({ operations: [], contracts: [...CONTRACTS] })).not.toBe(buildOpenApiDocument(DECLARED));
  });

  it('lists each contract’s methods under its path, in a fixed method order', () => {
    const paths = buildOpenApiDocument(DECLARED).paths ?? {};
    expect(Object.keys(paths)).toEqual(['/ext/things', '/api/ops/things/{id}', '/api/open']);
    expect(Object.keys(paths['/ext/things']!)).toEqual(['get', 'post']);
  });

  it('refuses two contracts for one path', () => {
    expect(() => buildOpenApiDocument({ operations: [], contracts: [CONTRACTS[0]!, CONTRACTS[0]!] })).toThrow('Two route contracts declare /ext/things');
  });

  it('adds what each audience’s wrapper answers, its security and, for the operator API, its tag', () => {
    const vendor = operation('/ext/things', 'get');
    expect(vendor.security).toBeUndefined();
    expect(vendor.tags).toEqual([TAGS.dispatches]);
    expect(codes(vendor)).toEqual(['unauthorized', 'rate_limited', 'internal_error', 'service_unavailable']);
    // The rate limit is taken after authentication: every answer but the 401 carries its fields,
    // and the 429 its Retry-After.
    for (const [status, response] of Object.entries(vendor.responses)) {
      expect(Object.keys(response?.headers ?? {}).filter((name) => name.startsWith('ratelimit')), status).toEqual(
        status === '401' ? [] : ['ratelimit-policy', 'ratelimit'],
      );
    }
    expect(vendor.responses['429']?.headers).toHaveProperty('retry-after');

    const ops = operation('/api/ops/things/{id}', 'delete');
    expect(ops.security).toEqual([{ OpsToken: [] }]);
    expect(ops.tags).toEqual([TAGS.ops]);
    expect(codes(ops).sort()).toEqual(['internal_error', 'not_found', 'ops_api_disabled', 'service_unavailable', 'unauthorized']);

    const open = operation('/api/open', 'get');
    expect(open.security).toEqual([]);
    expect(Object.keys(open.responses)).toEqual(['200']);
  });

  it('documents a JSON body with the body errors, and Idempotency-Key with its errors and the replay marker', () => {
    const create = operation('/ext/things', 'post');
    expect(create.requestBody?.description).toBe('The thing.\n\nJSON, with any Content-Type or none; at most 1 MiB.');
    expect(create.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(codes(create).sort()).toEqual(
      [
        'duplicate_vendor_oid',
        'idempotency_in_progress',
        'idempotency_key_reused',
        'internal_error',
        'invalid_json',
        'invalid_request',
        'payload_too_large',
        'rate_limited',
        'service_unavailable',
        'unauthorized',
      ].sort(),
    );
    // The route's own codes come first within a status.
    expect(create.responses['400']?.['x-error-codes']).toEqual(['duplicate_vendor_oid', 'invalid_json', 'invalid_request']);
    expect(Object.keys(create.responses['201']?.headers ?? {})).toEqual(['x-request-id', 'idempotent-replayed', 'ratelimit-policy', 'ratelimit']);

    const list = operation('/ext/things', 'get');
    expect(list.parameters).toBeUndefined();
    expect(list.requestBody).toBeUndefined();
    expect(list.responses['200']?.headers).not.toHaveProperty('idempotent-replayed');
  });
});

describe('what a contract need not write', () => {
  const BY_ID: readonly RouteContract[] = [
    {
      path: '/ext/things/{id}/poke',
      operations: {
        post: {
          audience: 'vendor',
          tag: TAGS.dispatches,
          operationId: 'pokeThing',
          summary: 'Poke a thing',
          pathId: 'dispatch',
          idempotent: true,
          responses: { '204': noContent('Poked.') },
        },
      },
    },
    {
      path: '/api/ops/things/{id}',
      operations: {
        put: {
          audience: 'ops',
          operationId: 'opsReplaceThing',
          summary: 'Replace a thing',
          pathId: 'fleet',
          body: { schema: ThingSchema, description: 'The thing.' },
          responses: { '200': jsonResponse('Replaced.', ThingSchema) },
          errors: ['invalid_state'],
          errorNotes: { not_found: 'No such thing', invalid_request: 'Not a thing' },
        },
      },
    },
  ];

  function byId(path: string, method: string) {
    return buildOpenApiDocument({ operations: [], contracts: BY_ID }).paths?.[path]?.[method as 'post' | 'put'] as
      | { parameters?: unknown[]; responses: Record<string, { description: string; 'x-error-codes'?: string[] }> }
      | undefined;
  }

  it('documents `pathId` as the `{id}` parameter and `404 not_found`, in the caller’s scope for a vendor', () => {
    const vendor = byId('/ext/things/{id}/poke', 'post')!;
    expect(vendor.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    expect(vendor.responses['404']?.description).toBe('- `not_found`: No dispatch with this id in your account');

    const ops = byId('/api/ops/things/{id}', 'put')!;
    expect(ops.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    // A note the contract writes wins.
    expect(ops.responses['404']?.description).toBe('- `not_found`: No such thing');
    expect(ops.responses['409']?.['x-error-codes']).toEqual(['invalid_state']);
  });

  it('says an idempotent route without a body can only find its Idempotency-Key invalid', () => {
    expect(byId('/ext/things/{id}/poke', 'post')!.responses['400']?.description).toBe('- `invalid_request`: The `Idempotency-Key` header is invalid');
    // With a body, the general meaning or the contract's note stands.
    expect(byId('/api/ops/things/{id}', 'put')!.responses['400']?.description).toContain('- `invalid_request`: Not a thing');
  });
});

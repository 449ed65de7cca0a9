import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/edge/server/openapi/build-openapi-document';
import { TAGS } from '@/lib/platform/server/http/openapi/components';
import { jsonResponse, noContent } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation } from '@/lib/platform/server/http/operation';

// The assembly from operations' declarations, on a few made-up ones; the real document's tests are in
// app/ext/openapi.json/openapi-document.test.ts.

const ThingSchema = z.object({ name: z.string() });

const NOTHING = async () => ({ status: 204 });

const createThing = defineOperation()({
  method: 'POST',
  mounts: { vendor: '/ext/things', staff: '/api/staff/things' },
  body: { schema: ThingSchema, description: 'The thing.' },
  idempotent: true,
  responses: { '201': jsonResponse('Created.', ThingSchema) },
  errors: ['duplicate_vendor_oid'],
  docs: { vendor: { tag: TAGS.dispatches, operationId: 'createThing', summary: 'Create a thing' } },
  run: NOTHING,
});

const listThings = defineOperation()({
  method: 'GET',
  mounts: { vendor: '/ext/things' },
  responses: { '200': jsonResponse('Things.', z.array(ThingSchema)) },
  docs: { vendor: { tag: TAGS.dispatches, operationId: 'listThings', summary: 'List things' } },
  run: NOTHING,
});

const deleteThing = defineOperation<{ id: string }>()({
  method: 'DELETE',
  mounts: { ops: '/api/ops/things/{id}', admin: '/api/admin/things/{id}' },
  requestParams: { path: z.object({ id: z.string() }) },
  responses: { '204': noContent('Deleted.') },
  errors: ['not_found'],
  docs: { ops: { operationId: 'opsDeleteThing', summary: 'Delete a thing' } },
  run: NOTHING,
});

const open = defineOperation()({
  method: 'GET',
  mounts: { public: '/api/open' },
  // Declared idempotent, but an anonymous caller has no key space: the document does not offer it.
  idempotent: true,
  responses: { '200': jsonResponse('Yes.', ThingSchema) },
  docs: { public: { tag: TAGS.service, operationId: 'open', summary: 'Open' } },
  run: NOTHING,
});

/** Mounted for staff only: not in the document. */
const internal = defineOperation()({ method: 'GET', mounts: { staff: '/api/staff/internal' }, run: NOTHING });

const OPERATIONS = [createThing, listThings, deleteThing, open, internal];

interface Operation {
  tags: string[];
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: { description: string };
  responses: Record<string, { headers?: Record<string, unknown>; 'x-error-codes'?: string[] }>;
}

function operation(path: string, method: string): Operation {
  const item = buildOpenApiDocument(OPERATIONS).paths?.[path] as Record<string, Operation> | undefined;
  const found = item?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

function codes(op: Operation): string[] {
  return Object.values(op.responses).flatMap((response) => response['x-error-codes'] ?? []);
}

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document of spec version 1.3.0 with both security schemes and the API key by default', () => {
    const document = buildOpenApiDocument(OPERATIONS);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.3.0');
    expect(document.servers).toEqual([{ url: '/' }]);
    expect(document.security).toEqual([{ ApiKey: [] }]);
    expect(document.components?.securitySchemes?.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(document.components?.securitySchemes?.OpsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.tags?.map(({ name }) => name)).toEqual(Object.values(TAGS));
  });

  it('is built once per list of operations and then reused', () => {
    expect(buildOpenApiDocument(OPERATIONS)).toBe(buildOpenApiDocument(OPERATIONS));
    expect(buildOpenApiDocument([...OPERATIONS])).not.toBe(buildOpenApiDocument(OPERATIONS));
  });

  it('lists the documented audiences’ mounts under their paths; the product’s own pages’ API stays out', () => {
    const paths = buildOpenApiDocument(OPERATIONS).paths ?? {};
    expect(Object.keys(paths)).toEqual(['/ext/things', '/api/ops/things/{id}', '/api/open']);
    expect(Object.keys(paths['/ext/things']!).sort()).toEqual(['get', 'post']);
  });

  it('refuses two operations for one method of one path', () => {
    expect(() => buildOpenApiDocument([createThing, createThing])).toThrow('Two operations declare POST /ext/things');
  });

  it('offers Idempotency-Key only to audiences with a key space', () => {
    const anyone = operation('/api/open', 'get');
    expect(anyone.parameters ?? []).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(codes(anyone)).not.toContain('idempotency_key_reused');
    expect(operation('/ext/things', 'post').parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
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

describe('what a declaration need not write', () => {
  const pokeThing = defineOperation<{ id: string }>()({
    method: 'POST',
    mounts: { vendor: '/ext/things/{id}/poke' },
    pathId: 'dispatch',
    idempotent: true,
    responses: { '204': noContent('Poked.') },
    docs: { vendor: { tag: TAGS.dispatches, operationId: 'pokeThing', summary: 'Poke a thing' } },
    run: NOTHING,
  });
  const replaceThing = defineOperation<{ id?: string }>()({
    method: 'PUT',
    mounts: { vendor: '/ext/thing', ops: '/api/ops/things/{id}' },
    body: { schema: ThingSchema, description: 'The thing.', for: { ops: ThingSchema.extend({ why: z.string() }) } },
    responses: { '200': jsonResponse('Replaced.', ThingSchema) },
    errors: ['invalid_state'],
    errorNotes: { invalid_request: 'Not a thing' },
    docs: {
      vendor: { tag: TAGS.dispatches, operationId: 'replaceThing', summary: 'Replace your thing' },
      // The operator's path names the record; its words win over the operation's.
      ops: { operationId: 'opsReplaceThing', summary: 'Replace a thing', pathId: 'fleet', errorNotes: { not_found: 'No such thing' } },
    },
    run: NOTHING,
  });
  const BY_ID = [pokeThing, replaceThing];

  function byId(path: string, method: string) {
    return buildOpenApiDocument(BY_ID).paths?.[path]?.[method as 'post' | 'put'] as
      | { parameters?: unknown[]; responses: Record<string, { description: string; 'x-error-codes'?: string[] }> }
      | undefined;
  }

  it('documents `pathId` as the `{id}` parameter and `404 not_found`, in the caller’s scope for a vendor', () => {
    const vendor = byId('/ext/things/{id}/poke', 'post')!;
    expect(vendor.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    expect(vendor.responses['404']?.description).toBe('- `not_found`: No dispatch with this id in your account');

    const ops = byId('/api/ops/things/{id}', 'put')!;
    expect(ops.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    // A note the audience's words write wins.
    expect(ops.responses['404']?.description).toBe('- `not_found`: No such thing');
    expect(ops.responses['409']?.['x-error-codes']).toEqual(['invalid_state']);
  });

  it('documents the body an audience sends, and no {id} where its path has none', () => {
    const vendor = buildOpenApiDocument(BY_ID).paths?.['/ext/thing']?.put as { parameters?: unknown[] } | undefined;
    expect(vendor?.parameters).toBeUndefined();
    const ops = buildOpenApiDocument(BY_ID).paths?.['/api/ops/things/{id}']?.put as { requestBody: { content: Record<string, { schema: unknown }> } };
    expect(JSON.stringify(ops.requestBody.content['application/json']!.schema)).toContain('why');
  });

  it('says an idempotent route without a body can only find its Idempotency-Key invalid', () => {
    expect(byId('/ext/things/{id}/poke', 'post')!.responses['400']?.description).toBe('- `invalid_request`: The `Idempotency-Key` header is invalid');
    // With a body, the general meaning or the declaration's note stands.
    expect(byId('/api/ops/things/{id}', 'put')!.responses['400']?.description).toContain('- `invalid_request`: Not a thing');
  });
});

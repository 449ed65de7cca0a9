import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';

// The document /ext/openapi.json serves must be a valid OpenAPI document, judged by a validator
// that knows the specification rather than by our own reading of it: the official JSON Schema of
// the version it declares (bundled in the package, no network), then every $ref it holds.

let served: Record<string, unknown>;

beforeAll(async () => {
  const { GET } = await import('@/app/ext/openapi.json/route');
  const response = await GET(new Request('http://localhost/ext/openapi.json'), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  served = (await response.json()) as Record<string, unknown>;
});

/** The validator's verdict on `document`, with every error spelled out (an empty list when valid). */
async function validationErrors(document: Record<string, unknown>): Promise<string[]> {
  const validator = new Validator({ allErrors: true });
  const result = await validator.validate(structuredClone(document));
  if (result.valid) return [];
  const errors = result.errors ?? 'invalid, without details';
  return typeof errors === 'string'
    ? [errors]
    : errors.map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
}

describe('the served OpenAPI document', () => {
  it('declares a version the validator knows', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(Validator.supportedVersions.has('3.1')).toBe(true);
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(await validationErrors(served)).toEqual([]);
  });

  it('the check fails on a broken document (the validator is not a no-op)', async () => {
    const broken = structuredClone(served);
    const paths = broken.paths as Record<string, Record<string, { responses?: unknown; operationId?: unknown }>>;
    const operation = paths['/ext/dispatch']!.post!;
    delete operation.responses;
    operation.operationId = 42;
    expect((await validationErrors(broken)).length).toBeGreaterThan(0);
    const dangling = structuredClone(served);
    (dangling.paths as Record<string, unknown>)['/ext/dangling'] = { get: { responses: { 200: { $ref: '#/components/responses/Nowhere' } } } };
    expect(await validationErrors(dangling)).not.toEqual([]);
  });
});

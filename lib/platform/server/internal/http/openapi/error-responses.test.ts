import { describe, expect, it } from 'vitest';
import { ERROR_TABLE, ErrorBodySchema } from '@/lib/platform/server/http/error-table';
import { errorResponses } from '@/lib/platform/server/internal/http/openapi/error-responses';

type Documented = { description: string; headers: Record<string, unknown>; content: { 'application/json': { schema: unknown; examples: Record<string, unknown> } }; 'x-error-codes': string[] };

function documented(responses: ReturnType<typeof errorResponses>, status: string): Documented {
  return responses[status as `4${string}`] as unknown as Documented;
}

describe('errorResponses', () => {
  it('groups the codes under the status ERROR_TABLE gives them, in order of status, each once', () => {
    const responses = errorResponses(['not_found', 'invalid_json', 'invalid_request', 'invalid_request', 'internal_error']);
    expect(Object.keys(responses)).toEqual(['400', '404', '500']);
    expect(documented(responses, '400')['x-error-codes']).toEqual(['invalid_json', 'invalid_request']);
    for (const [status, response] of Object.entries(responses)) {
      for (const code of (response as unknown as Documented)['x-error-codes']) expect(ERROR_TABLE[code as keyof typeof ERROR_TABLE].status).toBe(Number(status));
    }
  });

  it('describes each code by ERROR_TABLE unless the route notes what it means there, with an example body per code', () => {
    const response = documented(errorResponses(['invalid_json', 'not_found'], { notes: { not_found: 'No such thing here' } }), '404');
    expect(response.description).toBe('- `not_found`: No such thing here');
    expect(documented(errorResponses(['invalid_json']), '400').description).toBe(`- \`invalid_json\`: ${ERROR_TABLE.invalid_json.meaning}`);
    expect(response.content['application/json'].schema).toBe(ErrorBodySchema);
    expect(response.content['application/json'].examples).toEqual({
      not_found: { summary: 'not_found', value: { error: 'not_found', error_desc: ERROR_TABLE.not_found.example } },
    });
  });

  it('marks as replayable only the statuses a handler answers with under an Idempotency-Key', () => {
    const responses = errorResponses(['invalid_state', 'idempotency_in_progress', 'idempotency_key_reused', 'unauthorized', 'internal_error'], { idempotent: true });
    expect(documented(responses, '409').headers).toHaveProperty('idempotent-replayed');
    for (const status of ['401', '422', '500']) expect(documented(responses, status).headers, status).not.toHaveProperty('idempotent-replayed');
    expect(documented(errorResponses(['invalid_state']), '409').headers).not.toHaveProperty('idempotent-replayed');
  });

  it('documents retry-after where the answer carries it', () => {
    const responses = errorResponses(['idempotency_in_progress', 'service_unavailable', 'internal_error']);
    expect(documented(responses, '409').headers).toHaveProperty('retry-after');
    expect(documented(responses, '503').headers).toHaveProperty('retry-after');
    expect(documented(responses, '500').headers).not.toHaveProperty('retry-after');
    for (const status of ['409', '500', '503']) expect(documented(responses, status).headers).toHaveProperty('x-request-id');
  });

  it('documents nothing for no codes', () => {
    expect(errorResponses([])).toEqual({});
  });
});

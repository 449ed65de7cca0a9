import type { ZodOpenApiResponsesObject } from 'zod-openapi';
import type { ErrorCode } from '@/lib/platform/server/errors/domain-error';
import { ERROR_TABLE, ErrorBodySchema } from '@/lib/platform/server/http/error-table';
import { IDEMPOTENT_REPLAYED_HEADER, REQUEST_ID_HEADER, RETRY_AFTER_HEADER } from '@/lib/platform/server/http/openapi/components';

// The error responses of an operation, derived from ERROR_TABLE (lib/platform/server/http/error-table.ts) so a
// documented status or meaning can never disagree with what the handler wrapper sends.

/** What reading a JSON body can answer (a route declared with `body: true`). */
export const BODY_ERRORS: readonly ErrorCode[] = ['invalid_json', 'invalid_request', 'payload_too_large'];
/** What the `Idempotency-Key` layer can answer (a route declared with `idempotent: true`). */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['invalid_request', 'idempotency_in_progress', 'idempotency_key_reused'];

/** Codes raised before the handler runs (or by the idempotency layer itself): never stored and replayed. */
const NEVER_REPLAYED = new Set<ErrorCode>([
  'unauthorized',
  'rate_limited',
  'ops_api_disabled',
  'invalid_json',
  'payload_too_large',
  'idempotency_in_progress',
  'idempotency_key_reused',
  'internal_error',
  'service_unavailable',
]);

/** Codes whose answers carry `retry-after`. */
const RETRY_AFTER = new Set<ErrorCode>(['idempotency_in_progress', 'service_unavailable', 'too_many_attempts', 'too_many_requests', 'rate_limited']);

/**
 * The error responses of an operation, grouped by the status ERROR_TABLE gives each code (in the
 * order the codes first appear). `notes` replaces the generic meaning of a code with what it
 * means on this route. Each response lists its codes in `x-error-codes` for tooling and tests.
 */
export function errorResponses(
  codes: readonly ErrorCode[],
  options: { notes?: Partial<Record<ErrorCode, string>>; idempotent?: boolean } = {},
): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_TABLE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = group.map((code) => `- \`${code}\`: ${options.notes?.[code] ?? ERROR_TABLE[code].meaning}`);
    // Only replies produced by the handler itself (4xx after authentication and body parsing)
    // are stored and replayed under an Idempotency-Key.
    // Refusals with Retry-After are about the moment, not the request: never stored either.
    const canBeReplayed = options.idempotent && group.some((code) => !NEVER_REPLAYED.has(code) && !RETRY_AFTER.has(code));
    // Every ERROR_TABLE status is a 4xx or 5xx.
    responses[`${status}` as `${4 | 5}${string}`] = {
      description: lines.join('\n'),
      headers: {
        'x-request-id': REQUEST_ID_HEADER,
        ...(canBeReplayed && { 'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER }),
        ...(group.some((code) => RETRY_AFTER.has(code)) && { 'retry-after': RETRY_AFTER_HEADER }),
      },
      content: {
        'application/json': {
          schema: ErrorBodySchema,
          examples: Object.fromEntries(
            group.map((code) => [code, { summary: code, value: { error: code, error_desc: ERROR_TABLE[code].example } }]),
          ),
        },
      },
      'x-error-codes': group,
    };
  }
  return responses;
}

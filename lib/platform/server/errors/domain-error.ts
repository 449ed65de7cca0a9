import type { z } from 'zod';

/**
 * Every machine-readable error the service reports, in domain words. Only the HTTP layer knows
 * the status each one answers with (`lib/platform/server/http/error-table.ts`, which must name every code).
 */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_json',
  'duplicate_vendor_oid',
  'quote_not_found',
  'quote_expired',
  'quote_used',
  'quote_mismatch',
  'webhook_unreachable',
  'proof_required',
  'pin_incorrect',
  'duplicate_branch',
  'unauthorized',
  'invalid_credentials',
  'link_invalid',
  'ops_api_disabled',
  'forbidden',
  'cross_site_request',
  'not_found',
  'method_not_allowed',
  'invalid_state',
  'invalid_transition',
  'offer_closed',
  'idempotency_in_progress',
  'payload_too_large',
  'unsupported_media_type',
  'idempotency_key_reused',
  'too_many_attempts',
  'too_many_requests',
  'rate_limited',
  'internal_error',
  'method_not_implemented',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A failure the caller can act on: a code from ERROR_CODES and a sentence for the developer. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  /** When the same request may succeed again (throttles, work still in progress, an outage). */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, description: string, options?: { retryAfterSeconds?: number }) {
    super(description);
    this.name = 'DomainError';
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** Turns zod issues into one line naming each field, e.g. `pickup.lat: must be <= 90`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 20)
    .map((issue) => {
      const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

export function invalidRequest(error: z.ZodError): DomainError {
  return new DomainError('invalid_request', describeZodError(error));
}

import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@/lib/platform/server/errors/domain-error';
import { MAX_BODY_BYTES } from '@/lib/platform/server/http/read-json-body';

export interface ErrorEntry {
  /** The HTTP status the code answers with. */
  status: number;
  /** What the code means, for the OpenAPI errors table and response descriptions. */
  meaning: string;
  /** An `error_desc` the code may carry. */
  example: string;
}

/**
 * The one table from an error code to its HTTP status and its documentation. The handler
 * wrapper answers through it and the OpenAPI document is derived from it. Record<ErrorCode>: a
 * new code cannot go without a status or a description.
 */
export const ERROR_TABLE: Record<ErrorCode, ErrorEntry> = {
  invalid_request: {
    status: 400,
    meaning: 'A field, query parameter or header failed validation; `error_desc` names each field',
    example: 'pickup.lat: must be <= 90; user_metadata.email: must be an email address',
  },
  invalid_json: {
    status: 400,
    meaning: 'The body is empty or not valid JSON',
    example: 'The request body is not valid JSON: Unexpected end of JSON input',
  },
  duplicate_vendor_oid: {
    status: 400,
    meaning: 'The account already has a dispatch with this `vendor_oid`',
    example: 'vendor_oid: a dispatch with vendor_oid "ORD-1001" already exists',
  },
  quote_not_found: {
    status: 400,
    meaning: 'No quote with this `quote_id` in your account: not one the server signed (altered or cut short), or another account’s (not told apart)',
    example: 'quote_id: no quote "quo_AQJkYogpf22_2-G0AY5mg_pDDrr_ABvSFegOxEIYG9u-kAAAAAAHUwAAAAABGQNTQVIZYWNjX21pOXgyazNmMDAwMGExYjJjM2Q0ZQEeIXqUkkUyDDQVs8W5RQ8G5ReuhzWlZ29vokWDWQsw" in this account',
  },
  quote_expired: {
    status: 400,
    meaning: 'The quote is past its `quote_expires_at`: ask POST /ext/estimate for a new one',
    example: 'quote_id: the quote expired at 2024-03-22 14:15:09.123 UTC; ask POST /ext/estimate for a new one',
  },
  quote_used: {
    status: 400,
    meaning: 'Another dispatch was already created with this quote: a quote is used once',
    example: 'quote_id: the quote "quo_AQJkYogpf22_2-G0AY5mg_pDDrr_ABvSFegOxEIYG9u-kAAAAAAHUwAAAAABGQNTQVIZYWNjX21pOXgyazNmMDAwMGExYjJjM2Q0ZQEeIXqUkkUyDDQVs8W5RQ8G5ReuhzWlZ29vokWDWQsw" was already used by another dispatch',
  },
  quote_mismatch: {
    status: 400,
    meaning: 'The pickup or destination is farther than 100 m from the quoted one',
    example: 'quote_id: destination is 340 m from the quoted destination (at most 100 m)',
  },
  webhook_unreachable: {
    status: 400,
    meaning: 'The webhook URL did not answer the registration ping with HTTP 200',
    example: 'webhook: the URL did not answer the registration ping with HTTP 200: it answered HTTP 404',
  },
  proof_required: {
    status: 400,
    meaning: 'Driver app only: the account requires proof of delivery (a photo, the customer’s signature or their PIN) and none was given',
    example: 'A photo of the delivery is required: upload one (POST /api/driver/jobs/dsp_0mwr98c0p00008fw982zke/media?kind=photo) first',
  },
  pin_incorrect: {
    status: 400,
    meaning: 'Driver app only: the PIN is not the customer’s delivery PIN (5 wrong tries per dispatch in 15 minutes, then 429 `too_many_attempts`)',
    example: 'pin: this is not the customer’s delivery PIN',
  },
  unauthorized: {
    status: 401,
    meaning: 'Missing, unknown or revoked credentials',
    example: 'Missing or incorrect api_key: send it in the x-api-key header (or api_key, or Authorization: Bearer)',
  },
  ops_api_disabled: {
    status: 403,
    meaning: 'The operator API is switched off (no `OPS_TOKEN` configured on the server)',
    example: 'The operator API is disabled: set OPS_TOKEN to enable it',
  },
  not_found: {
    status: 404,
    meaning: 'No such resource in your account (another account’s dispatch is also a 404), or no such endpoint',
    example: 'No dispatch with id "dsp_0mwr98c0p00008fw982zke"',
  },
  method_not_allowed: {
    status: 405,
    meaning: 'The path exists but not with this HTTP method; the `Allow` header lists the ones it takes (`OPTIONS` answers 204 with the same header)',
    example: 'PUT /ext/dispatch/dsp_0mwr98c0p00008fw982zke is not supported; allowed: GET, HEAD, OPTIONS',
  },
  method_not_implemented: {
    status: 501,
    meaning: 'No route answers this HTTP method (`PROPFIND`, `LINK`, …): only GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS',
    example: 'PROPFIND is not a method this server answers; use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  },
  invalid_state: {
    status: 409,
    meaning: 'The resource is in a state that does not allow this (a delivered dispatch’s destination, or no webhook registered yet)',
    example: 'The destination cannot change once the dispatch is delivered',
  },
  invalid_transition: {
    status: 409,
    meaning: 'The transition table does not allow this status from the current state',
    example: 'Cannot record "delivered" while the dispatch is "assigned"; allowed: accepted, assigned, cancelled, near_pickup',
  },
  offer_closed: {
    status: 409,
    meaning: 'Driver app only: the offer is no longer open (accepted or declined already, timed out, or its dispatch was assigned or cancelled)',
    example: 'The offer "ofr_4f9Xk2mQ8rT1vW3yZ5aB7c" is closed: it expired at 2026-11-25T00:12:45.000Z',
  },
  idempotency_in_progress: {
    status: 409,
    meaning: 'A request with this `Idempotency-Key` is still running; retry after `retry-after` seconds',
    example: 'A request with this Idempotency-Key is still being processed; retry later',
  },
  payload_too_large: {
    status: 413,
    meaning: `The body exceeds ${MAX_BODY_BYTES} bytes`,
    example: `Request bodies are limited to ${MAX_BODY_BYTES} bytes`,
  },
  unsupported_media_type: {
    status: 415,
    meaning: 'Driver app uploads only: the body is not a JPEG, PNG or WebP image, or not the type its Content-Type says',
    example: 'Content-Type: "text/plain" is not an accepted image type; send one of image/jpeg, image/png, image/webp',
  },
  idempotency_key_reused: {
    status: 422,
    meaning: 'This `Idempotency-Key` was used with a different request',
    example: 'This Idempotency-Key was used with a different request; use a new key',
  },
  duplicate_branch: {
    status: 400,
    meaning: 'Dashboard only: the account already has a branch with this `vendor_bid`',
    example: 'vendor_bid: a branch with vendor_bid "olaya" already exists',
  },
  invalid_credentials: {
    status: 401,
    meaning: 'Dashboard only: the email or password of a sign-in is incorrect',
    example: 'The email or password is incorrect',
  },
  link_invalid: {
    status: 400,
    meaning: 'Driver app only: the one-time sign-in link is unknown, was already used or has expired (links last 15 minutes)',
    example: 'This sign-in link is not valid: it was already used or has expired; ask for a new one',
  },
  forbidden: {
    status: 403,
    meaning: 'Dashboard only: the signed-in user’s role cannot do this',
    example: 'Your role cannot do this',
  },
  cross_site_request: {
    status: 403,
    meaning: 'Dashboard only: a cookie-authenticated write did not come from the dashboard’s own origin',
    example: 'Cross-site request refused: send it from the dashboard itself',
  },
  too_many_attempts: {
    status: 429,
    meaning: 'Dashboard and driver app only: too many failed sign-ins for this email or address, or wrong delivery PINs for a dispatch; wait `retry-after` seconds',
    example: 'Too many failed sign-ins; try again in 15 min',
  },
  too_many_requests: {
    status: 429,
    meaning:
      'Too many webhook checks in flight for this account (registration pings waiting on your URL), or, in the driver app, more photo and signature uploads than a driver may send in 15 minutes: nothing was sent or written; retry after `retry-after` seconds',
    example: 'Too many webhook checks in flight for this account (at most 2 at once); retry in 5 s',
  },
  rate_limited: {
    status: 429,
    meaning:
      'The account sent more requests than its rate limit allows (a token bucket: `RateLimit-Policy` states it, `RateLimit` what is left): nothing was done; retry after `retry-after` seconds',
    example: 'Rate limit exceeded: 20 requests per second, bursts of 40; retry in 1 s',
  },
  internal_error: {
    status: 500,
    meaning: 'Something failed on our side; `error_desc` carries the request id to quote, never internals',
    example: 'Something went wrong on our side; quote request id 0b6c1f7e-1b7a-4a35-9d0e-3a4f0c2b9e11 to support',
  },
  service_unavailable: {
    status: 503,
    meaning:
      'The service cannot take the request for a moment (the database is restarting or failing over, every webhook check slot of the server is busy, or its queue of photos to decode is full); nothing was written: retry after `retry-after` seconds',
    example: 'The service is briefly unavailable; retry in 2 s',
  },
};

export function statusOf(code: ErrorCode): number {
  return ERROR_TABLE[code].status;
}

export const ErrorBodySchema = z
  .object({
    error: z.enum(ERROR_CODES).meta({ description: 'Stable machine-readable code' }),
    error_desc: z.string().meta({ description: 'What went wrong, for the developer' }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

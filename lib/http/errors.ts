import { z } from 'zod';

/** Every machine-readable `error` value the API returns, with its HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  duplicate_vendor_oid: 400,
  webhook_unreachable: 400,
  duplicate_branch: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  ops_api_disabled: 403,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  method_not_allowed: 405,
  invalid_state: 409,
  invalid_transition: 409,
  idempotency_in_progress: 409,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  too_many_attempts: 429,
  internal_error: 500,
  method_not_implemented: 501,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBodySchema = z
  .object({
    error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({ description: 'Stable machine-readable code' }),
    error_desc: z.string().meta({ description: 'What went wrong, for the developer' }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A failure the caller can act on; the handler wrapper turns it into `{ error, error_desc }`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, description: string, headers?: Record<string, string>) {
    super(description);
    this.name = 'ApiError';
    this.code = code;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
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

export function invalidRequest(error: z.ZodError): ApiError {
  return new ApiError('invalid_request', describeZodError(error));
}

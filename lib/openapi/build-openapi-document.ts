import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiRequestBodyObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import {
  AccountModesSchema,
  CreateAccountBodySchema,
  CreatedAccountSchema,
  TariffSchema,
  UpdateAccountModesBodySchema,
  UpdateTariffBodySchema,
} from '@/lib/accounts/schemas';
import { AdminDriverSchema, UpdateDriverBodySchema } from '@/lib/drivers/schemas';
import { CreateFleetBodySchema, FleetSchema, ListFleetsQuerySchema, UpdateFleetBodySchema } from '@/lib/fleets/schemas';
import { CreateStaffBodySchema, StaffUserResponseSchema } from '@/lib/auth/schemas';
import { LifecycleSchema } from '@/lib/dispatches/describe-lifecycle';
import {
  AddressSchema,
  AssignDriverBodySchema,
  ChangeStatusBodySchema,
  CreateDispatchBodySchema,
  CreatedDispatchSchema,
  DispatchListQuerySchema,
  DispatchListResponseSchema,
  DispatchResponseSchema,
  PageQuerySchema,
} from '@/lib/dispatches/schemas';
import { DESTINATION_LOCKED_IN, LIFECYCLE_STATUSES, MARKER_ALLOWED_IN, MARKER_STATUSES, TRANSITIONS } from '@/lib/dispatches/statuses';
import { CreateDriverBodySchema, DriverSchema, DriverLocationBodySchema, DriverPositionSchema } from '@/lib/drivers/schemas';
import { COURIER_APPROACH_MIN } from '@/lib/estimates/estimate-delivery';
import { AVERAGE_SPEED_KMH, ROAD_FACTOR } from '@/lib/estimates/route-estimator';
import { EstimateBodySchema, EstimateResponseSchema } from '@/lib/estimates/schemas';
import { getEnv } from '@/lib/env';
import { ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '@/lib/http/errors';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '@/lib/http/idempotency';
import { MAX_BODY_BYTES } from '@/lib/http/read-json-body';
import { PING_TIMEOUT_MS } from '@/lib/webhooks/register-webhook';
import {
  DELIVERY_STATUSES,
  DeliveryListQuerySchema,
  RegisterWebhookBodySchema,
  RotatedSecretResponseSchema,
  WEBHOOK_EVENT_TYPES,
  WebhookDeliveryDetailResponseSchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointResponseSchema,
} from '@/lib/webhooks/schemas';
import { retryDelayMs } from '@/lib/webhooks/retry-schedule';

// The OpenAPI 3.1 document of every route, built from the zod schemas the handlers validate with,
// so the docs cannot drift from the code. Built on first request, not at import: it walks every
// schema, and most processes (workers, scripts) never need it.

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Spec release the document describes. */
const API_VERSION = '1.3.0';

const API_KEY_SCHEME = 'ApiKey';
const OPS_SCHEME = 'OpsToken';

const TAGS = {
  dispatches: 'Dispatches',
  estimates: 'Estimates',
  webhooks: 'Webhooks',
  service: 'Service',
  ops: 'Operator API',
} as const;

/** What each code means, for the errors table and the response descriptions. Record<ErrorCode>: a new code cannot go undocumented. */
const ERROR_DOCS: Record<ErrorCode, { meaning: string; example: string }> = {
  invalid_request: {
    meaning: 'A field, query parameter or header failed validation; `error_desc` names each field',
    example: 'pickup.lat: must be <= 90; user_metadata.email: must be an email address',
  },
  invalid_json: {
    meaning: 'The body is empty or not valid JSON',
    example: 'The request body is not valid JSON: Unexpected end of JSON input',
  },
  duplicate_vendor_oid: {
    meaning: 'The account already has a dispatch with this `vendor_oid`',
    example: 'vendor_oid: a dispatch with vendor_oid "ORD-1001" already exists',
  },
  webhook_unreachable: {
    meaning: 'The webhook URL did not answer the registration ping with HTTP 200',
    example: 'webhook: the URL did not answer the registration ping with HTTP 200: it answered HTTP 404',
  },
  unauthorized: {
    meaning: 'Missing, unknown or revoked credentials',
    example: 'Missing or incorrect api_key: send it in the x-api-key header (or api_key, or Authorization: Bearer)',
  },
  ops_api_disabled: {
    meaning: 'The operator API is switched off (no `OPS_TOKEN` configured on the server)',
    example: 'The operator API is disabled: set OPS_TOKEN to enable it',
  },
  not_found: {
    meaning: 'No such resource in your account (another account’s dispatch is also a 404), or no such endpoint',
    example: 'No dispatch with id "dsp_0mwr98c0p00008fw982zke"',
  },
  method_not_allowed: {
    meaning: 'The path exists but not with this HTTP method; the `Allow` header lists the ones it takes (`OPTIONS` answers 204 with the same header)',
    example: 'PUT /ext/dispatch/dsp_0mwr98c0p00008fw982zke is not supported; allowed: GET, HEAD, OPTIONS',
  },
  method_not_implemented: {
    meaning: 'No route answers this HTTP method (`PROPFIND`, `LINK`, …): only GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS',
    example: 'PROPFIND is not a method this server answers; use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  },
  invalid_state: {
    meaning: 'The resource is in a state that does not allow this (a delivered dispatch’s destination, or no webhook registered yet)',
    example: 'The destination cannot change once the dispatch is delivered',
  },
  invalid_transition: {
    meaning: 'The transition table does not allow this status from the current state',
    example: 'Cannot record "delivered" while the dispatch is "assigned"; allowed: accepted, assigned, cancelled, near_pickup',
  },
  idempotency_in_progress: {
    meaning: 'A request with this `Idempotency-Key` is still running; retry after `retry-after` seconds',
    example: 'A request with this Idempotency-Key is still being processed; retry later',
  },
  payload_too_large: {
    meaning: `The body exceeds ${MAX_BODY_BYTES} bytes`,
    example: `Request bodies are limited to ${MAX_BODY_BYTES} bytes`,
  },
  idempotency_key_reused: {
    meaning: 'This `Idempotency-Key` was used with a different request',
    example: 'This Idempotency-Key was used with a different request; use a new key',
  },
  duplicate_branch: {
    meaning: 'Dashboard only: the account already has a branch with this `vendor_bid`',
    example: 'vendor_bid: a branch with vendor_bid "olaya" already exists',
  },
  invalid_credentials: {
    meaning: 'Dashboard only: the email or password of a sign-in is incorrect',
    example: 'The email or password is incorrect',
  },
  forbidden: {
    meaning: 'Dashboard only: the signed-in user’s role cannot do this',
    example: 'Your role cannot do this',
  },
  cross_site_request: {
    meaning: 'Dashboard only: a cookie-authenticated write did not come from the dashboard’s own origin',
    example: 'Cross-site request refused: send it from the dashboard itself',
  },
  too_many_attempts: {
    meaning: 'Dashboard only: too many failed sign-ins for this email or address; wait `retry-after` seconds',
    example: 'Too many failed sign-ins; try again in 15 min',
  },
  internal_error: {
    meaning: 'Something failed on our side; `error_desc` carries the request id to quote, never internals',
    example: 'Something went wrong on our side; quote request id 0b6c1f7e-1b7a-4a35-9d0e-3a4f0c2b9e11 to support',
  },
};

// ----- shared pieces ---------------------------------------------------------------------------

const REQUEST_ID_HEADER = { $ref: '#/components/headers/RequestId' };
const IDEMPOTENT_REPLAYED_HEADER = { $ref: '#/components/headers/IdempotentReplayed' };
const IDEMPOTENCY_KEY_PARAM = { $ref: '#/components/parameters/IdempotencyKey' };

const BODY_ERRORS: ErrorCode[] = ['invalid_json', 'invalid_request', 'payload_too_large'];
const IDEMPOTENCY_ERRORS: ErrorCode[] = ['invalid_request', 'idempotency_in_progress', 'idempotency_key_reused'];
const VENDOR_ERRORS: ErrorCode[] = ['unauthorized', 'internal_error'];
const OPS_ERRORS: ErrorCode[] = ['unauthorized', 'ops_api_disabled', 'internal_error'];
/** Codes raised before the handler runs (or by the idempotency layer itself): never stored and replayed. */
const NEVER_REPLAYED = new Set<ErrorCode>([
  'unauthorized',
  'ops_api_disabled',
  'invalid_json',
  'payload_too_large',
  'idempotency_in_progress',
  'idempotency_key_reused',
  'internal_error',
]);

/** What each event means, for the Webhooks section. Record<type>: a new event type cannot go undocumented. */
const EVENT_DOCS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'dispatch.status_updated': 'a status was recorded (also the dispatch’s creation, as `new`)',
  'dispatch.driver_assigned': 'a driver was assigned or reassigned; `payload.driver` is that driver',
  'dispatch.destination_updated': 'the destination changed',
  'dispatch.eta_updated':
    'the assigned driver’s position moved the ETA to their next stop by more than `ETA_UPDATE_THRESHOLD_MIN` minutes (default 2), or gave the first ETA after an assignment; `payload.eta` is `{ "stop": "pickup" | "destination", "minutes": n, "at": ISO 8601 }`',
  'webhook.ping': 'the registration check and `POST /ext/webhook/test`; `payload` is `{ "message": "…" }`, `sequence` is `null`',
};

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** A long span rounded for reading, e.g. `45.5 h`. */
function formatApproxDuration(ms: number): string {
  if (ms >= 7_200_000) return `${Number((ms / 3_600_000).toFixed(1))} h`;
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} min`;
  return formatDuration(Math.round(ms));
}

function list(values: readonly string[]): string {
  return values.map((value) => `\`${value}\``).join(', ');
}

function jsonBody(schema: z.ZodType, description: string): ZodOpenApiRequestBodyObject {
  return {
    required: true,
    description: `${description}\n\nJSON, with any Content-Type or none; at most ${formatBytes(MAX_BODY_BYTES)}.`,
    content: { 'application/json': { schema } },
  };
}

function jsonResponse(
  description: string,
  schema: z.ZodType,
  options: { idempotent?: boolean; headers?: Record<string, { $ref: string }> } = {},
): ZodOpenApiResponseObject {
  return {
    description,
    headers: {
      'x-request-id': REQUEST_ID_HEADER,
      ...(options.idempotent && { 'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER }),
      ...options.headers,
    },
    content: { 'application/json': { schema } },
  };
}

function noContent(description: string, options: { idempotent?: boolean } = {}): ZodOpenApiResponseObject {
  return {
    description,
    headers: {
      'x-request-id': REQUEST_ID_HEADER,
      ...(options.idempotent && { 'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER }),
    },
  };
}

/**
 * The error responses of an operation, grouped by the status ERROR_STATUS gives each code, so a
 * documented status can never disagree with the one the wrapper sends. `notes` replaces the
 * generic meaning of a code with what it means on this route. Each response lists its codes in
 * `x-error-codes` for tooling and tests.
 */
function errorResponses(
  codes: readonly ErrorCode[],
  options: { notes?: Partial<Record<ErrorCode, string>>; idempotent?: boolean } = {},
): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = group.map((code) => `- \`${code}\`: ${options.notes?.[code] ?? ERROR_DOCS[code].meaning}`);
    // Only replies produced by the handler itself (4xx after authentication and body parsing)
    // are stored and replayed under an Idempotency-Key.
    const canBeReplayed = options.idempotent && group.some((code) => !NEVER_REPLAYED.has(code));
    // Every ERROR_STATUS value is a 4xx or 5xx.
    responses[`${status}` as `${4 | 5}${string}`] = {
      description: lines.join('\n'),
      headers: {
        'x-request-id': REQUEST_ID_HEADER,
        ...(canBeReplayed && { 'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER }),
        ...(group.includes('idempotency_in_progress') && { 'retry-after': { $ref: '#/components/headers/RetryAfter' } }),
      },
      content: {
        'application/json': {
          schema: ErrorBodySchema,
          examples: Object.fromEntries(
            group.map((code) => [code, { summary: code, value: { error: code, error_desc: ERROR_DOCS[code].example } }]),
          ),
        },
      },
      'x-error-codes': group,
    };
  }
  return responses;
}

// ----- info.description ------------------------------------------------------------------------

function describeErrors(): string {
  const rows = (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .sort(([, a], [, b]) => a - b)
    .map(([code, status]) => `| \`${code}\` | ${status} | ${ERROR_DOCS[code].meaning} |`);
  return ['| `error` | HTTP status | Meaning |', '|---|---|---|', ...rows].join('\n');
}

function describeTransitions(): string {
  const transitions = LIFECYCLE_STATUSES.map((from) => {
    const to = TRANSITIONS[from];
    return `| \`${from}\` | ${to.length ? list(to) : '— (final)'} |`;
  });
  const markers = MARKER_STATUSES.map((marker) => `| \`${marker}\` | ${list(MARKER_ALLOWED_IN[marker])} |`);
  return [
    '| Current state | May move to |',
    '|---|---|',
    ...transitions,
    '',
    `Marker statuses (${list(MARKER_STATUSES)}) join the history without changing the state:`,
    '',
    '| Marker | May be recorded while the state is |',
    '|---|---|',
    ...markers,
    '',
    `\`assigned\` is only recorded by assigning a driver (\`assigned → assigned\` is a reassignment to another driver).`,
    `The destination can no longer change once the dispatch is ${list(DESTINATION_LOCKED_IN)} (\`409 invalid_state\`).`,
    'The same table as data: `GET /ext/statuses`.',
  ].join('\n');
}

function describePaging(): string {
  const limit = z.toJSONSchema(PageQuerySchema.shape.limit, { io: 'input' });
  return [
    'List endpoints answer `{ "data": [...], "next_cursor": "…" | null }`, newest first (by `created_at`, then `id`).',
    `- \`limit\`: ${String(limit.minimum)}–${String(limit.maximum)} items per page, default ${String(limit.default)}.`,
    '- `cursor`: opaque; pass the previous page’s `next_cursor` unchanged, with the same filters. Do not build or parse it.',
    '- `next_cursor` is `null` on the last page.',
    '- Items created while you page do not shift the pages: nothing is skipped or repeated (new ones appear on a fresh first page).',
  ].join('\n');
}

function describeApi(): string {
  return [
    'Last-mile delivery dispatch for vendors (restaurants): create dispatches, follow them, move their destination, get delivery estimates and register a webhook.',
    'This document is generated from the same zod schemas the server validates requests with.',
    '',
    '## Authentication',
    'Vendor endpoints (`/ext/…`) need your account’s API key (`dsp_live_…`) in the **`x-api-key`** header.',
    'The key is also accepted in an `api_key` header or as `Authorization: Bearer <key>`; when several are sent, `x-api-key` wins, then `api_key`.',
    'A missing, unknown or revoked key is `401 unauthorized`. An operator issues the key when creating your account; it is shown once.',
    '`GET /ext/statuses`, `GET /ext/openapi.json` and `GET /api/health` need no key.',
    '',
    'The **Operator API** (`/api/ops/…`) is for the service operator, not vendors: `Authorization: Bearer <OPS_TOKEN>`.',
    'It answers `403 ops_api_disabled` while the server has no `OPS_TOKEN`.',
    '',
    '## Requests',
    `- Request bodies are JSON objects, read whatever the Content-Type (or without one). At most ${formatBytes(MAX_BODY_BYTES)} (${MAX_BODY_BYTES} bytes), otherwise \`413 payload_too_large\`.`,
    '- Unknown fields are ignored and not stored.',
    '- Every response carries an `x-request-id` header. Send your own `x-request-id` (1–100 characters of `A–Z a–z 0–9 _ . -`) to have it echoed; otherwise the server generates a UUID. Quote it when contacting support.',
    '',
    '## Errors',
    'Every error has the body `{ "error": "<code>", "error_desc": "<text>" }`. `error` is stable and machine-readable;',
    '`error_desc` explains the problem to a developer and may change wording. A `500` never carries internal details.',
    '',
    describeErrors(),
    '',
    '## Idempotency',
    '`POST /ext/dispatch`, `POST /ext/webhook` and the webhook actions (`/ext/webhook/enable`, `/ext/webhook/test`, `/ext/webhook/secret/rotate`, `/ext/webhook/deliveries/{id}/redeliver`) accept an optional `Idempotency-Key` header (1–255 visible ASCII characters; a UUID works).',
    `The first request with a key runs and its answer is stored for ${formatDuration(IDEMPOTENCY_TTL_MS)} per account; repeating the key with the same path and JSON body returns the stored answer (status, body and headers such as \`location\`) with \`idempotent-replayed: true\`.`,
    'A client error from the operation itself (such as `duplicate_vendor_oid`, `webhook_unreachable` or `invalid_state`) is stored too: after fixing the cause, use a new key. `5xx` answers are not stored: retry with the same key.',
    'The same key with a different path or body is `422 idempotency_key_reused`; while the first request is still running, `409 idempotency_in_progress` with `retry-after`.',
    '',
    '## Timestamps',
    'All timestamps (`created_at`, `modified_at`, `status_captured_time`) are UTC strings `YYYY-MM-DD HH:MM:SS.mmm`, such as `2024-03-22 14:05:09.123`: no `T`, no zone suffix.',
    'The `created_from` / `created_to` filters take ISO 8601 (`2024-03-22` or `2024-03-22T14:05:09Z`); give a zone, since a date-time without one is read in the server’s local time.',
    '',
    '## Paging',
    describePaging(),
    '',
    '## Estimates',
    '- Times are **whole minutes**.',
    `  - \`pickup_estimated_time\`: until the courier picks the order up; at least ${COURIER_APPROACH_MIN} (the courier’s approach) and never less than \`pickup_wait_time\`.`,
    `  - \`destination_estimated_time\`: from pickup to the destination; straight-line distance × ${ROAD_FACTOR} (road detour) at ${AVERAGE_SPEED_KMH} km/h, rounded up, at least 1.`,
    '  - `total_estimated_time`: the sum of the two.',
    '- Prices are amounts in the **currency of your account’s tariff**, in major units with that currency’s decimals (SAR 2, KWD 3, JPY 0).',
    '  - `delivery_price` excludes VAT: base fare + price per road km, at least the tariff’s minimum fare.',
    '  - `vat_price` is the VAT on `delivery_price` at your tariff’s VAT rate; the customer pays `delivery_price + vat_price`.',
    '  - `delivery_price_text` / `vat_price_text` format the amount with the currency code, e.g. `18.75 SAR`.',
    '',
    '## Dispatch lifecycle',
    'A dispatch starts as `new`. Each change appends an entry to its `status` history; the last lifecycle entry is the current state.',
    '',
    describeTransitions(),
    '',
    '## Webhooks',
    describeWebhooks(),
  ].join('\n');
}

/** The total span of a delivery's retries, without jitter: base · (2^(attempts−1) − 1). */
function retrySpanMs(maxAttempts: number, retryBaseMs: number): number {
  let total = 0;
  for (let retry = 1; retry < maxAttempts; retry++) total += retryDelayMs(retry, retryBaseMs, () => 0.5);
  return total;
}

/**
 * Registration, the events, signing and the delivery rules. The numbers are this server's
 * configuration (lib/env.ts), so the document states what the running service does.
 */
function describeWebhooks(): string {
  const env = getEnv();
  const events = WEBHOOK_EVENT_TYPES.map((type) => `  - \`${type}\`: ${EVENT_DOCS[type]}`);
  const retries =
    env.WEBHOOK_MAX_ATTEMPTS > 1
      ? `A failed attempt is retried with exponential back-off: the first retry after ${formatDuration(env.WEBHOOK_RETRY_BASE_MS)} (\`WEBHOOK_RETRY_BASE_MS\`), each further one twice as long, ±10 % jitter. After ${env.WEBHOOK_MAX_ATTEMPTS} attempts (\`WEBHOOK_MAX_ATTEMPTS\`, ≈ ${formatApproxDuration(retrySpanMs(env.WEBHOOK_MAX_ATTEMPTS, env.WEBHOOK_RETRY_BASE_MS))} after the first) the delivery is \`failed\`.`
      : 'A failed attempt is not retried (`WEBHOOK_MAX_ATTEMPTS` is 1): the delivery is `failed`.';
  return [
    '`POST /ext/webhook` registers one URL per account; a new registration replaces the previous URL and takes over its pending deliveries.',
    'Before registering, the service sends the URL a signed ping following [Standard Webhooks](https://www.standardwebhooks.com/):',
    '',
    '- `POST` with a JSON body `{ "type": "webhook.ping", "id": "evt_…", "timestamp": "<ISO 8601>", "sequence": null, "payload": { "message": "…" } }`',
    '- headers `webhook-id` (the body’s `id`), `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed by the base64 part of your account’s `whsec_…` webhook secret; any Standard Webhooks library verifies it.',
    `- The URL must answer **HTTP 200** (not another 2xx) within ${formatDuration(PING_TIMEOUT_MS)}; redirects are not followed. Anything else is \`400 webhook_unreachable\` with the reason.`,
    '- URLs resolving to private, loopback, link-local or otherwise non-public addresses are refused, unless the server runs with `WEBHOOK_ALLOW_PRIVATE_URLS=true` (development).',
    '',
    '### Events',
    'While a URL is registered, every change to a dispatch of your account is `POST`ed to it with the JSON body `{ "type", "id", "timestamp", "sequence", "payload" }` (changes made before the first registration are not sent):',
    '',
    '- `type`:',
    ...events,
    '- `id`: the event id (`evt_…`), also sent as the `webhook-id` header; the same on every attempt of the event.',
    '- `timestamp`: when the event happened, ISO 8601 in UTC (`2024-03-22T14:05:09.123Z`; unlike the API’s own timestamps).',
    '- `sequence`: the event’s number within its dispatch (1, 2, 3, …); higher is newer.',
    '- `payload`: the dispatch as `GET /ext/dispatch/{id}` returned it at that moment, plus `fleet_id` of the assigned driver.',
    '',
    `Each attempt is signed like the ping: \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\`. After \`POST /ext/webhook/secret/rotate\`, for ${formatDuration(env.WEBHOOK_SECRET_OVERLAP_MS)} \`webhook-signature\` carries two space-separated signatures (\`v1,<new> v1,<old>\`): a receiver holding either secret verifies it, so it can switch without a gap.`,
    '',
    '### Delivery',
    '- **At least once**: an event can arrive more than once (an answer lost on the way, a redelivery). Deduplicate by `webhook-id`.',
    `- Any **2xx** within ${formatDuration(env.WEBHOOK_TIMEOUT_MS)} (\`WEBHOOK_TIMEOUT_MS\`) is a success. Any other status, no answer in time, a connection error or a redirect (not followed) is a failed attempt.`,
    `- ${retries} \`POST /ext/webhook/deliveries/{id}/redeliver\` starts a new series.`,
    '- **Order per dispatch**: an event is not sent while an earlier event of the same dispatch is still pending; other dispatches do not wait. Once an event has `failed`, later ones go ahead, so a redelivered event can arrive after newer ones: compare `sequence`.',
    `- **Disabling**: an endpoint with no successful delivery for ${formatDuration(env.WEBHOOK_DISABLE_AFTER_MS)} while its attempts fail (\`WEBHOOK_DISABLE_AFTER_MS\`) is disabled; \`GET /ext/webhook\` shows \`status: disabled\` and the \`disabled_reason\`. Nothing is sent while it is disabled: its deliveries wait as \`pending\`, and \`POST /ext/webhook/enable\` (or registering the URL again) replays them all with a fresh series of attempts.`,
    '- The target address is checked again on every attempt, not only at registration: private and loopback addresses are refused there too (unless `WEBHOOK_ALLOW_PRIVATE_URLS`).',
    '- `GET /ext/webhook/deliveries` shows every delivery with its attempts (status code, latency, the start of the response); `POST /ext/webhook/test` sends a `webhook.ping` through the same pipeline.',
  ].join('\n');
}

// ----- operations ------------------------------------------------------------------------------

function buildPaths(): ZodOpenApiObject['paths'] {
  const dispatchIdPath = z.object({
    id: z.string().meta({ description: 'The dispatch id returned on creation', example: 'dsp_0mwr98c0p00008fw982zke' }),
  });
  const driverIdPath = z.object({
    driver_id: z.string().meta({ description: 'The driver id', example: 'drv_9Lm2Qx7TzVb4Nc8Rk3PwYa' }),
  });
  const deliveryIdPath = z.object({
    id: z.string().meta({ description: 'The delivery id (`whd_…`)', example: 'whd_3f1c2a9e5b7d4e8fa0c6b2d1e9f7a3c5' }),
  });
  const accountIdPath = z.object({
    id: z.string().meta({ description: 'The account id', example: 'acc_7Hq2Lm9XzPb4Nc8Rk3WvTa' }),
  });
  const pageLimit = PageQuerySchema.shape.limit.meta({ description: 'Dispatches per page' });
  const deliveryListQuery = DeliveryListQuerySchema.extend({
    limit: PageQuerySchema.shape.limit.meta({ description: 'Deliveries per page' }),
    event_type: DeliveryListQuerySchema.shape.event_type.meta({ description: 'Only events of this type' }),
    status: DeliveryListQuerySchema.shape.status.meta({
      description: '`pending` (waiting to be sent or retried), `succeeded` or `failed` (every attempt of its series failed)',
    }),
    dispatch_id: DeliveryListQuerySchema.shape.dispatch_id.meta({ description: 'Only events of this dispatch' }),
  });
  const pageQuery = PageQuerySchema.extend({ limit: pageLimit });
  const listQuery = DispatchListQuerySchema.extend({ limit: pageLimit });
  const lifecycleResponse = z.object({ data: LifecycleSchema });
  const driverResponse = z.object({ data: DriverSchema });
  const healthResponse = z.object({ status: z.literal('ok') });
  const openApiJson = { type: 'object', description: 'This OpenAPI 3.1 document' } as const;

  const publicOperation = (operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject => ({ ...operation, security: [] });
  const ops = (operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject => ({
    ...operation,
    tags: [TAGS.ops],
    security: [{ [OPS_SCHEME]: [] }],
  });

  return {
    '/ext/dispatch': {
      post: {
        operationId: 'createDispatch',
        tags: [TAGS.dispatches],
        summary: 'Create a dispatch',
        description: [
          'Creates a dispatch in state `new`; its first history entry is recorded as `vendor` / your `vendor_id`.',
          '`vendor_oid` is unique per account: a second dispatch with the same value is `400 duplicate_vendor_oid`, also when both requests race.',
          'To retry safely after a timeout, send an `Idempotency-Key`.',
        ].join('\n\n'),
        parameters: [IDEMPOTENCY_KEY_PARAM],
        requestBody: jsonBody(CreateDispatchBodySchema, 'The dispatch to create.'),
        responses: {
          '201': jsonResponse('Created. `location` points at the new dispatch.', CreatedDispatchSchema, {
            idempotent: true,
            headers: { location: { $ref: '#/components/headers/Location' } },
          }),
          ...errorResponses(['duplicate_vendor_oid', ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, ...VENDOR_ERRORS], {
            idempotent: true,
            notes: {
              invalid_request: 'The body, or the `Idempotency-Key` header, failed validation; `error_desc` names each field',
            },
          }),
        },
      },
    },
    '/ext/dispatch/{id}': {
      get: {
        operationId: 'getDispatch',
        tags: [TAGS.dispatches],
        summary: 'Get a dispatch',
        description: 'One dispatch of your account with its full status history.',
        requestParams: { path: dispatchIdPath },
        responses: {
          '200': jsonResponse('The dispatch.', DispatchResponseSchema),
          ...errorResponses(['not_found', ...VENDOR_ERRORS], {
            notes: { not_found: 'No dispatch with this id in your account' },
          }),
        },
      },
    },
    '/ext/dispatch/{id}/destination': {
      patch: {
        operationId: 'changeDestination',
        tags: [TAGS.dispatches],
        summary: 'Change the destination',
        description: [
          'Replaces the destination address of a dispatch and updates its `modified_at`; the status history is unchanged.',
          `Refused with \`409 invalid_state\` once the dispatch is ${list(DESTINATION_LOCKED_IN)}.`,
        ].join('\n\n'),
        requestParams: { path: dispatchIdPath },
        requestBody: jsonBody(AddressSchema, 'The new destination; `lat` and `lng` are required.'),
        responses: {
          '204': noContent('Destination changed.'),
          ...errorResponses([...BODY_ERRORS, 'not_found', 'invalid_state', ...VENDOR_ERRORS], {
            notes: {
              not_found: 'No dispatch with this id in your account',
              invalid_state: `The dispatch is ${list(DESTINATION_LOCKED_IN)}; its destination can no longer change`,
            },
          }),
        },
      },
    },
    '/ext/dispatches': {
      get: {
        operationId: 'listDispatches',
        tags: [TAGS.dispatches],
        summary: 'List dispatches',
        description: [
          'Your account’s dispatches, newest first, one page at a time (see **Paging**).',
          'Filters combine with AND: `status` is the current lifecycle state; `vendor_bid` and `vendor_oid` match exactly; `created_from` (inclusive) and `created_to` (exclusive) bound `created_at`.',
        ].join('\n\n'),
        requestParams: { query: listQuery },
        responses: {
          '200': jsonResponse('A page of dispatches.', DispatchListResponseSchema),
          ...errorResponses(['invalid_request', ...VENDOR_ERRORS], {
            notes: { invalid_request: 'A query parameter is invalid, or `cursor` is not one this API returned' },
          }),
        },
      },
    },
    '/ext/dispatches/d/{driver_id}': {
      get: {
        operationId: 'listDriverDispatches',
        tags: [TAGS.dispatches],
        summary: 'List a driver’s dispatches',
        description:
          'Your account’s dispatches currently assigned to the driver, newest first, paged like `GET /ext/dispatches`. An unknown driver id gives an empty list, not a 404.',
        requestParams: { path: driverIdPath, query: pageQuery },
        responses: {
          '200': jsonResponse('A page of dispatches.', DispatchListResponseSchema),
          ...errorResponses(['invalid_request', ...VENDOR_ERRORS], {
            notes: { invalid_request: '`limit` is out of range, or `cursor` is not one this API returned' },
          }),
        },
      },
    },
    '/ext/estimate': {
      post: {
        operationId: 'estimateDelivery',
        tags: [TAGS.estimates],
        summary: 'Estimate a delivery',
        description:
          'Times (whole minutes) and prices (your tariff’s currency, VAT separate) for delivering from `pickup` to `destination`; see **Estimates**. Nothing is stored.',
        requestBody: jsonBody(EstimateBodySchema, 'The trip to estimate.'),
        responses: {
          '200': jsonResponse('The estimate.', EstimateResponseSchema),
          ...errorResponses([...BODY_ERRORS, ...VENDOR_ERRORS]),
        },
      },
    },
    '/ext/webhook': {
      get: {
        operationId: 'getWebhook',
        tags: [TAGS.webhooks],
        summary: 'Get the webhook endpoint',
        description:
          'Your registered URL and its health: whether it is `disabled` and why, when the last delivery succeeded and failed, and how many deliveries are pending.',
        responses: {
          '200': jsonResponse('The endpoint.', WebhookEndpointResponseSchema),
          ...errorResponses(['not_found', ...VENDOR_ERRORS], {
            notes: { not_found: 'No webhook is registered yet' },
          }),
        },
      },
      post: {
        operationId: 'registerWebhook',
        tags: [TAGS.webhooks],
        summary: 'Register the webhook URL',
        description: [
          `Sends the URL a signed \`webhook.ping\` (see **Webhooks**) and registers it only if it answers HTTP 200 within ${formatDuration(PING_TIMEOUT_MS)}.`,
          'The URL replaces your account’s previous one.',
        ].join('\n\n'),
        parameters: [IDEMPOTENCY_KEY_PARAM],
        requestBody: jsonBody(RegisterWebhookBodySchema, 'The URL to register.'),
        responses: {
          '204': noContent('Registered.', { idempotent: true }),
          ...errorResponses(['webhook_unreachable', ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, ...VENDOR_ERRORS], {
            idempotent: true,
            notes: {
              invalid_request: '`webhook` is not an http(s) URL of at most 2048 characters, or the `Idempotency-Key` header is invalid',
              webhook_unreachable:
                'The ping failed: no answer within the timeout, a status other than 200, a redirect, or a private/loopback address; `error_desc` says which',
            },
          }),
        },
      },
    },
    '/ext/webhook/enable': {
      post: {
        operationId: 'enableWebhook',
        tags: [TAGS.webhooks],
        summary: 'Enable the webhook endpoint again',
        description: [
          'Enables the endpoint after it was disabled for failing continuously (see **Webhooks**), and replays every pending delivery now, with a fresh series of attempts, in order per dispatch.',
          'Fix the receiver first: if it still fails, it is disabled again after the same period. On an endpoint that is not disabled, pending deliveries are tried now.',
        ].join('\n\n'),
        parameters: [IDEMPOTENCY_KEY_PARAM],
        responses: {
          '200': jsonResponse('The endpoint, `active` again.', WebhookEndpointResponseSchema, { idempotent: true }),
          ...errorResponses(['not_found', ...IDEMPOTENCY_ERRORS, ...VENDOR_ERRORS], {
            idempotent: true,
            notes: {
              invalid_request: 'The `Idempotency-Key` header is invalid',
              not_found: 'No webhook is registered yet',
            },
          }),
        },
      },
    },
    '/ext/webhook/test': {
      post: {
        operationId: 'sendWebhookTestEvent',
        tags: [TAGS.webhooks],
        summary: 'Send a test event',
        description:
          'Queues a signed `webhook.ping` to your registered URL, delivered, retried and recorded like any event (it is not held behind any dispatch’s events). Follow it with `GET /ext/webhook/deliveries/{id}`.',
        parameters: [IDEMPOTENCY_KEY_PARAM],
        responses: {
          '202': jsonResponse('Queued; `status` is `pending`.', WebhookDeliveryResponseSchema, { idempotent: true }),
          ...errorResponses(['invalid_state', ...IDEMPOTENCY_ERRORS, ...VENDOR_ERRORS], {
            idempotent: true,
            notes: {
              invalid_request: 'The `Idempotency-Key` header is invalid',
              invalid_state: 'No webhook is registered yet: register one with `POST /ext/webhook`',
            },
          }),
        },
      },
    },
    '/ext/webhook/secret/rotate': {
      post: {
        operationId: 'rotateWebhookSecret',
        tags: [TAGS.webhooks],
        summary: 'Rotate the signing secret',
        description: [
          'Replaces your account’s `whsec_…` webhook secret and returns the new one; it is shown only in this response.',
          'Until `previous_secret_expires_at` every delivery is signed with both secrets (two signatures in `webhook-signature`), so your receiver can switch to the new secret without rejecting anything. Rotating again within that time drops the oldest secret at once.',
          'To retry safely after a timeout, send an `Idempotency-Key`: a retry then returns the same secret instead of rotating again.',
        ].join('\n\n'),
        parameters: [IDEMPOTENCY_KEY_PARAM],
        responses: {
          '200': jsonResponse('The new secret.', RotatedSecretResponseSchema, { idempotent: true }),
          ...errorResponses([...IDEMPOTENCY_ERRORS, ...VENDOR_ERRORS], {
            idempotent: true,
            notes: { invalid_request: 'The `Idempotency-Key` header is invalid' },
          }),
        },
      },
    },
    '/ext/webhook/deliveries': {
      get: {
        operationId: 'listWebhookDeliveries',
        tags: [TAGS.webhooks],
        summary: 'List webhook deliveries',
        description: [
          'Your account’s deliveries (one per event and endpoint), newest first, one page at a time (see **Paging**).',
          `Filters combine with AND: \`event_type\` (${list(WEBHOOK_EVENT_TYPES)}), \`status\` (${list(DELIVERY_STATUSES)}) and \`dispatch_id\` match exactly.`,
        ].join('\n\n'),
        requestParams: { query: deliveryListQuery },
        responses: {
          '200': jsonResponse('A page of deliveries.', WebhookDeliveryListResponseSchema),
          ...errorResponses(['invalid_request', ...VENDOR_ERRORS], {
            notes: { invalid_request: 'A query parameter is invalid, or `cursor` is not one this API returned' },
          }),
        },
      },
    },
    '/ext/webhook/deliveries/{id}': {
      get: {
        operationId: 'getWebhookDelivery',
        tags: [TAGS.webhooks],
        summary: 'Get a webhook delivery',
        description:
          'One delivery of your account with the exact body sent and every attempt, oldest first: when it started, the HTTP status (or why none arrived), the latency and the first 1,024 bytes of the answer.',
        requestParams: { path: deliveryIdPath },
        responses: {
          '200': jsonResponse('The delivery.', WebhookDeliveryDetailResponseSchema),
          ...errorResponses(['not_found', ...VENDOR_ERRORS], {
            notes: { not_found: 'No delivery with this id in your account' },
          }),
        },
      },
    },
    '/ext/webhook/deliveries/{id}/redeliver': {
      post: {
        operationId: 'redeliverWebhook',
        tags: [TAGS.webhooks],
        summary: 'Redeliver a webhook',
        description: [
          'Sends the delivery again, with the same body and `webhook-id`, to your currently registered URL.',
          'A finished delivery (`succeeded` or `failed`) becomes `pending` with a new series of attempts (retried like a new one); a `pending` one is tried now instead of after its back-off. It still waits behind earlier pending events of its dispatch, and is not sent while the endpoint is disabled.',
        ].join('\n\n'),
        parameters: [IDEMPOTENCY_KEY_PARAM],
        requestParams: { path: deliveryIdPath },
        responses: {
          '202': jsonResponse('Queued; `status` is `pending`.', WebhookDeliveryResponseSchema, { idempotent: true }),
          ...errorResponses(['not_found', 'invalid_state', ...IDEMPOTENCY_ERRORS, ...VENDOR_ERRORS], {
            idempotent: true,
            notes: {
              invalid_request: 'The `Idempotency-Key` header is invalid',
              not_found: 'No delivery with this id in your account',
              invalid_state: 'No webhook is registered: register one with `POST /ext/webhook`',
            },
          }),
        },
      },
    },
    '/ext/statuses': {
      get: publicOperation({
        operationId: 'getStatuses',
        tags: [TAGS.service],
        summary: 'Status values and transition table',
        description: 'The lifecycle and marker statuses and the transition table the service enforces. No API key needed.',
        responses: {
          '200': jsonResponse('The lifecycle.', lifecycleResponse),
          ...errorResponses(['internal_error']),
        },
      }),
    },
    '/ext/openapi.json': {
      get: publicOperation({
        operationId: 'getOpenApiDocument',
        tags: [TAGS.service],
        summary: 'This OpenAPI document',
        description: 'The OpenAPI 3.1 description of this API, generated from the server’s schemas. No API key needed. Rendered at `/docs`.',
        responses: {
          '200': { description: 'The document.', headers: { 'x-request-id': REQUEST_ID_HEADER }, content: { 'application/json': { schema: openApiJson } } },
          ...errorResponses(['internal_error']),
        },
      }),
    },
    '/api/health': {
      get: publicOperation({
        operationId: 'getHealth',
        tags: [TAGS.service],
        summary: 'Health check',
        description: 'Answers 200 once the database answers; `500 internal_error` while it does not. No API key needed.',
        responses: {
          '200': jsonResponse('Healthy.', healthResponse),
          ...errorResponses(['internal_error'], { notes: { internal_error: 'The database did not answer' } }),
        },
      }),
    },
    '/api/ping': {
      get: publicOperation({
        operationId: 'ping',
        tags: [TAGS.service],
        summary: 'Liveness',
        description: 'Answers 200 while the process runs, without touching the database (and without `x-request-id`). No API key needed.',
        responses: {
          '200': { description: 'Alive.', content: { 'application/json': { schema: healthResponse } } },
        },
      }),
    },
    '/api/ops/accounts': {
      post: ops({
        operationId: 'opsCreateAccount',
        summary: 'Create a vendor account',
        description:
          'Creates an account with its first API key and its webhook signing secret. Both are returned in this response only; the key is stored as a hash and cannot be shown again.',
        requestBody: jsonBody(CreateAccountBodySchema, 'The account to create.'),
        responses: {
          '201': jsonResponse('Created.', CreatedAccountSchema),
          ...errorResponses([...BODY_ERRORS, ...OPS_ERRORS]),
        },
      }),
    },
    '/api/ops/accounts/{id}/users': {
      post: ops({
        operationId: 'opsCreateStaffUser',
        summary: 'Create a staff sign-in for an account’s dashboard',
        description:
          'A restaurant staff member who signs in to the dashboard at `/login` with this email and password and sees only this account. Passwords are stored as Argon2id hashes.',
        requestParams: { path: accountIdPath },
        requestBody: jsonBody(CreateStaffBodySchema, 'The staff member.'),
        responses: {
          '201': jsonResponse('Created.', StaffUserResponseSchema),
          ...errorResponses(['not_found', ...BODY_ERRORS, ...OPS_ERRORS], {
            notes: { not_found: 'No account with this id', invalid_request: 'A field failed validation, or the email is taken' },
          }),
        },
      }),
    },
    '/api/ops/accounts/{id}/modes': {
      get: ops({
        operationId: 'opsGetAccountModes',
        summary: 'Read an account’s modes (auto-assign, sandbox)',
        requestParams: { path: accountIdPath },
        responses: {
          '200': jsonResponse('The modes.', z.object({ data: AccountModesSchema })),
          ...errorResponses(['not_found', ...OPS_ERRORS], { notes: { not_found: 'No account with this id' } }),
        },
      }),
      patch: ops({
        operationId: 'opsUpdateAccountModes',
        summary: 'Change an account’s modes',
        description:
          'Any subset of the fields. `auto_assign` gives each new dispatch to the nearest available driver by last known position. `sandbox` hands the account’s dispatches to simulated drivers that move at `sandbox_speed_kmh` and fire the account’s real webhooks.',
        requestParams: { path: accountIdPath },
        requestBody: jsonBody(UpdateAccountModesBodySchema, 'The modes to change.'),
        responses: {
          '200': jsonResponse('All the modes after the change.', z.object({ data: AccountModesSchema })),
          ...errorResponses(['not_found', ...BODY_ERRORS, ...OPS_ERRORS], { notes: { not_found: 'No account with this id' } }),
        },
      }),
    },
    '/api/ops/admins': {
      post: ops({
        operationId: 'opsCreateAdmin',
        summary: 'Create a platform admin',
        description:
          'An admin signs in at `/login` like staff and lands in the console at `/admin`: every account’s dispatches, drivers, fleets and accounts. `npm start` seeds one with the demo and prints its password.',
        requestBody: jsonBody(CreateStaffBodySchema, 'The admin.'),
        responses: {
          '201': jsonResponse('Created.', StaffUserResponseSchema),
          ...errorResponses([...BODY_ERRORS, ...OPS_ERRORS], { notes: { invalid_request: 'A field failed validation, or the email is taken' } }),
        },
      }),
    },
    '/api/ops/drivers': {
      post: ops({
        operationId: 'opsCreateDriver',
        summary: 'Create a driver',
        requestBody: jsonBody(CreateDriverBodySchema, 'The driver to create.'),
        responses: {
          '201': jsonResponse('Created.', driverResponse),
          ...errorResponses([...BODY_ERRORS, ...OPS_ERRORS]),
        },
      }),
    },
    '/api/ops/drivers/{id}/location': {
      post: ops({
        operationId: 'opsRecordDriverLocation',
        summary: 'Report a driver’s position',
        description:
          'Stores the driver’s last known position and applies it to each dispatch the driver is on (assigned, accepted, ready_for_pickup, picked_up), in one transaction. Within `GEOFENCE_RADIUS_M` (default 200 m) of the pickup before `picked_up`, `near_pickup` is appended to the history once per dispatch; within it of the destination while `picked_up`, `near_destination` once. When the ETA to the next stop moves by more than `ETA_UPDATE_THRESHOLD_MIN` minutes (default 2), or is the first since an assignment, it is stored and announced as a `dispatch.eta_updated` webhook. The sandbox simulator reports its drivers through the same code.',
        requestParams: { path: z.object({ id: z.string().meta({ description: 'The driver id' }) }) },
        requestBody: jsonBody(DriverLocationBodySchema, 'Where the driver is now.'),
        responses: {
          '200': jsonResponse('The position, and what it changed on each of the driver’s dispatches.', z.object({ data: DriverPositionSchema })),
          ...errorResponses(['not_found', ...BODY_ERRORS, ...OPS_ERRORS], { notes: { not_found: 'No driver with this id' } }),
        },
      }),
    },
    '/api/ops/dispatches/{id}/assign': {
      post: ops({
        operationId: 'opsAssignDriver',
        summary: 'Assign or reassign a driver',
        description:
          'Assigns an active driver to any account’s dispatch and records `assigned` in its history (by `ref_type` / `ref_id`, default `admin` / `ops`). Allowed where the transition table allows `assigned`; assigning the driver already assigned is refused.',
        requestParams: { path: dispatchIdPath },
        requestBody: jsonBody(AssignDriverBodySchema, 'The driver to assign.'),
        responses: {
          '200': jsonResponse('The updated dispatch.', DispatchResponseSchema),
          ...errorResponses([...BODY_ERRORS, 'not_found', 'invalid_transition', ...OPS_ERRORS], {
            notes: {
              invalid_request: 'The body failed validation, or there is no active driver with `driver_id`',
              not_found: 'No dispatch with this id',
              invalid_transition: 'The current state does not allow `assigned`, or the dispatch is already assigned to this driver',
            },
          }),
        },
      }),
    },
    '/api/ops/dispatches/{id}/status': {
      post: ops({
        operationId: 'opsChangeStatus',
        summary: 'Record a status',
        description:
          'Records the status on any account’s dispatch if the transition table allows it from the current state (see **Dispatch lifecycle**); a marker status joins the history without changing the state. `assigned` needs a driver: use the assign operation.',
        requestParams: { path: dispatchIdPath },
        requestBody: jsonBody(ChangeStatusBodySchema, 'The status to record.'),
        responses: {
          '200': jsonResponse('The updated dispatch.', DispatchResponseSchema),
          ...errorResponses([...BODY_ERRORS, 'not_found', 'invalid_transition', ...OPS_ERRORS], {
            notes: {
              invalid_request: 'The body failed validation, or `status` is `assigned`',
              not_found: 'No dispatch with this id',
              invalid_transition: 'The transition table does not allow this status now; `error_desc` lists the allowed ones',
            },
          }),
        },
      }),
    },
    '/api/ops/accounts/{id}/webhook/enable': {
      post: ops({
        operationId: 'opsEnableWebhook',
        summary: 'Enable an account’s webhook endpoint again',
        description:
          'Same as the vendor’s `POST /ext/webhook/enable` for any account: enables its disabled endpoint and replays every pending delivery now with a fresh series of attempts.',
        requestParams: { path: accountIdPath },
        responses: {
          '200': jsonResponse('The endpoint, `active` again.', WebhookEndpointResponseSchema),
          ...errorResponses(['not_found', ...OPS_ERRORS], {
            notes: { not_found: 'No such account, or the account has no webhook registered' },
          }),
        },
      }),
    },
    '/api/ops/webhook-deliveries/{id}': {
      get: ops({
        operationId: 'opsGetWebhookDelivery',
        summary: 'Get any account’s webhook delivery',
        description: 'One delivery of any account with the exact body sent and every attempt, as `GET /ext/webhook/deliveries/{id}` shows it.',
        requestParams: { path: deliveryIdPath },
        responses: {
          '200': jsonResponse('The delivery.', WebhookDeliveryDetailResponseSchema),
          ...errorResponses(['not_found', ...OPS_ERRORS], {
            notes: { not_found: 'No delivery with this id' },
          }),
        },
      }),
    },
    '/api/ops/accounts/{id}/tariff': {
      put: ops({
        operationId: 'opsUpdateTariff',
        summary: 'Replace an account’s tariff',
        description:
          'Delivery price = `base_fare_minor` + `per_km_minor` × road distance, at least `min_fare_minor`; VAT (`vat_rate_bps`, 1500 = 15 %) on top; amounts in minor units of `currency`. Estimates and new dispatches use it at once; existing dispatches keep their price.',
        requestParams: { path: accountIdPath },
        requestBody: jsonBody(UpdateTariffBodySchema, 'The whole tariff.'),
        responses: {
          '200': jsonResponse('The tariff now in force.', z.object({ data: TariffSchema.meta({ id: 'Tariff' }) })),
          ...errorResponses(['not_found', ...BODY_ERRORS, ...OPS_ERRORS], { notes: { not_found: 'No account with this id' } }),
        },
      }),
    },
    '/api/ops/drivers/{id}': {
      patch: ops({
        operationId: 'opsUpdateDriver',
        summary: 'Change or deactivate a driver',
        description:
          'Any of `name`, `phone`, `fleet_id` (null: no fleet) and `is_active`. A deactivated driver cannot be assigned; dispatches already assigned stay assigned. An active driver never belongs to an inactive fleet: moving one into it, or reactivating one in it, is refused.',
        requestParams: { path: z.object({ id: z.string().meta({ description: 'The driver id' }) }) },
        requestBody: jsonBody(UpdateDriverBodySchema.meta({ id: 'UpdateDriverRequest' }), 'The fields to change.'),
        responses: {
          '200': jsonResponse('The driver after the change.', z.object({ data: AdminDriverSchema.meta({ id: 'DriverDetail' }) })),
          ...errorResponses(['not_found', ...BODY_ERRORS, ...OPS_ERRORS], {
            notes: { not_found: 'No driver with this id', invalid_request: 'A field failed validation, the fleet does not exist, or it is inactive' },
          }),
        },
      }),
    },
    '/api/ops/fleets': {
      get: ops({
        operationId: 'opsListFleets',
        summary: 'List fleets with their driver counts',
        requestParams: { query: ListFleetsQuerySchema },
        responses: {
          '200': jsonResponse('Fleets, newest first.', z.object({ data: z.array(FleetSchema.meta({ id: 'Fleet' })), next_cursor: z.string().nullable() })),
          ...errorResponses(['invalid_request', ...OPS_ERRORS]),
        },
      }),
      post: ops({
        operationId: 'opsCreateFleet',
        summary: 'Create a fleet',
        description: 'Drivers join it by its `id` (`fleet_id`). A `fleet_id` not known yet when creating a driver also creates a fleet, named after the id.',
        requestBody: jsonBody(CreateFleetBodySchema.meta({ id: 'CreateFleetRequest' }), 'The fleet.'),
        responses: {
          '201': jsonResponse('Created.', z.object({ data: FleetSchema })),
          ...errorResponses([...BODY_ERRORS, ...OPS_ERRORS]),
        },
      }),
    },
    '/api/ops/fleets/{id}': {
      patch: ops({
        operationId: 'opsUpdateFleet',
        summary: 'Rename, deactivate or reactivate a fleet',
        description: 'Deactivating a fleet also deactivates its active drivers, in the same transaction; reactivating it leaves its drivers as they are.',
        requestParams: { path: z.object({ id: z.string().meta({ description: 'The fleet id' }) }) },
        requestBody: jsonBody(UpdateFleetBodySchema.meta({ id: 'UpdateFleetRequest' }), 'The fields to change.'),
        responses: {
          '200': jsonResponse('The fleet with its driver counts.', z.object({ data: FleetSchema })),
          ...errorResponses(['not_found', ...BODY_ERRORS, ...OPS_ERRORS], { notes: { not_found: 'No fleet with this id' } }),
        },
      }),
    },
  };
}

function buildDocument(): OpenApiDocument {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Dispatch API',
      version: API_VERSION,
      description: describeApi(),
    },
    servers: [{ url: '/' }],
    security: [{ [API_KEY_SCHEME]: [] }],
    tags: [
      { name: TAGS.dispatches, description: 'Create, read and change dispatches' },
      { name: TAGS.estimates, description: 'Delivery times and prices' },
      {
        name: TAGS.webhooks,
        description:
          'Where the service sends your callbacks, and what became of each one. Signed (Standard Webhooks), at least once (deduplicate by `webhook-id`), retried with back-off, in order per dispatch; see **Webhooks** above for the events and the delivery rules.',
      },
      { name: TAGS.service, description: 'Public endpoints: status table, this document, health' },
      { name: TAGS.ops, description: 'For the service operator, not vendors: `Authorization: Bearer <OPS_TOKEN>`' },
    ],
    paths: buildPaths(),
    components: {
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'Your account’s API key (`dsp_live_…`). Also accepted as an `api_key` header or as `Authorization: Bearer <key>` (`x-api-key` wins, then `api_key`). Prefer `x-api-key`: some proxies drop header names containing `_`.',
        },
        [OPS_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'Operator API only: `Authorization: Bearer <OPS_TOKEN>`. While the server has no OPS_TOKEN, every operator call is `403 ops_api_disabled`.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Makes retries safe: the first answer for this key is stored for ${formatDuration(IDEMPOTENCY_TTL_MS)} and replayed (with \`idempotent-replayed: true\`) for a repeat with the same body. 1–255 visible ASCII characters, e.g. a UUID. See **Idempotency**.`,
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
        },
      },
      headers: {
        RequestId: {
          description:
            'Identifies the request in the server logs; quote it to support. Echoes a valid `x-request-id` request header (1–100 characters of `A–Z a–z 0–9 _ . -`), otherwise a new UUID.',
          schema: { type: 'string' },
        },
        IdempotentReplayed: {
          description: 'Present (`true`) when this answer is the stored one replayed for a repeated `Idempotency-Key`.',
          schema: { type: 'string', enum: ['true'] },
        },
        RetryAfter: {
          description: 'Seconds to wait before retrying.',
          schema: { type: 'string', example: '1' },
        },
        Location: {
          description: 'Path of the created dispatch (`/ext/dispatch/{id}`). Not repeated on an idempotent replay: read the id from the body.',
          schema: { type: 'string', example: '/ext/dispatch/dsp_0mwr98c0p00008fw982zke' },
        },
      },
    },
  });
}

let memo: OpenApiDocument | undefined;

/** The OpenAPI document of the whole API, built once per process. */
export function buildOpenApiDocument(): OpenApiDocument {
  memo ??= buildDocument();
  return memo;
}

import { z } from 'zod';
import type { ErrorCode } from '@/lib/platform/server/errors/domain-error';
import { COURIER_APPROACH_MIN } from '@/lib/pricing/server/estimates/estimate-delivery';
import { AVERAGE_SPEED_KMH, ROAD_FACTOR } from '@/lib/pricing/shared/estimates/route-estimator';
import { QUOTE_TOLERANCE_M, QUOTE_TTL_MS } from '@/lib/pricing/shared/quotes/quote-rules';
import { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { ERROR_TABLE, type ErrorEntry } from '@/lib/platform/server/http/error-table';
import { describeWebhooks } from '@/lib/edge/server/internal/openapi/describe-webhooks';
import { codeList, formatBytes, formatDuration } from '@/lib/platform/server/http/openapi/format';
import { MAX_BODY_BYTES } from '@/lib/platform/server/http/read-json-body';
import { IDEMPOTENCY_TTL_MS } from '@/lib/platform/server/idempotency/limits';
import { defaultRateLimit } from '@/lib/platform/server/rate-limit/default-rate-limit';
import { effectiveRateLimit } from '@/lib/platform/server/rate-limit/token-bucket';
import { DESTINATION_LOCKED_IN, LIFECYCLE_STATUSES, MARKER_ALLOWED_IN, MARKER_STATUSES, TRANSITIONS } from '@/lib/dispatch/shared/transitions/statuses';

// The document's `info.description`: the rules that hold for every route. The tables (errors,
// transitions) and the numbers come from the code that enforces them.

export function describeErrors(): string {
  const rows = (Object.entries(ERROR_TABLE) as [ErrorCode, ErrorEntry][])
    .sort(([, a], [, b]) => a.status - b.status)
    .map(([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`);
  return ['| `error` | HTTP status | Meaning |', '|---|---|---|', ...rows].join('\n');
}

export function describeTransitions(): string {
  const transitions = LIFECYCLE_STATUSES.map((from) => {
    const to = TRANSITIONS[from];
    return `| \`${from}\` | ${to.length ? codeList(to) : '— (final)'} |`;
  });
  const markers = MARKER_STATUSES.map((marker) => `| \`${marker}\` | ${codeList(MARKER_ALLOWED_IN[marker])} |`);
  return [
    '| Current state | May move to |',
    '|---|---|',
    ...transitions,
    '',
    `Marker statuses (${codeList(MARKER_STATUSES)}) join the history without changing the state:`,
    '',
    '| Marker | May be recorded while the state is |',
    '|---|---|',
    ...markers,
    '',
    `\`assigned\` is only recorded by assigning a driver (\`assigned → assigned\` is a reassignment to another driver).`,
    `The destination can no longer change once the dispatch is ${codeList(DESTINATION_LOCKED_IN)} (\`409 invalid_state\`).`,
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

function describeDefaultRateLimit(): string {
  const limit = effectiveRateLimit({ perSecond: null, burst: null }, defaultRateLimit());
  const byDefault = limit ? `by default ${limit.perSecond} requests a second, bursts of ${limit.burst}` : 'this server sets no default limit';
  return `Each account’s vendor requests (\`/ext/…\`, every endpoint together) may be held to a token bucket: ${byDefault}; the operator may set another limit for your account.`;
}

/** The Markdown of `info.description`. */
export function describeApi(): string {
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
    '## Rate limits',
    describeDefaultRateLimit(),
    'Over it the answer is `429 rate_limited` with `retry-after` (seconds), and nothing was done (not stored under an `Idempotency-Key` either: retry with the same key).',
    'Every answer after the API key was checked carries the fields of draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy: "default";q=40;w=2` (the bucket holds `q` requests and refills completely in `w` seconds) and `RateLimit: "default";r=39;t=1` (`r` requests may follow at once; in `t` seconds the bucket is full again). Without a limit neither field is sent.',
    'The limit holds across all of the service’s servers.',
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
    `- The prices are **locked for ${QUOTE_TTL_MS / 60_000} minutes** under \`quote_id\`: a create naming it (POST /ext/dispatch) is charged them, whatever your tariff says by then, if its pickup and destination are within ${QUOTE_TOLERANCE_M} m of the estimate’s. A quote is good for one dispatch.`,
    '  - `quote_id` is the quote itself, signed by the server (an opaque, URL-safe token of about 150 characters): an estimate stores nothing, so pass the token unchanged. An altered or cut-short token is `quote_not_found`.',
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

import type { ZodOpenApiComponentsObject } from 'zod-openapi';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '@/lib/platform/server/idempotency/limits';
import { formatDuration } from '@/lib/platform/server/http/openapi/format';

// What every operation may point at: the security schemes, the tags, and the shared headers and
// parameters under `components`. The `$ref`s sit next to the components they name.

export const API_KEY_SCHEME = 'ApiKey';
export const OPS_SCHEME = 'OpsToken';

export const TAGS = {
  dispatches: 'Dispatches',
  estimates: 'Estimates',
  webhooks: 'Webhooks',
  service: 'Service',
  ops: 'Operator API',
} as const;

export type Tag = (typeof TAGS)[keyof typeof TAGS];

/** The tags in the order the docs show them. Record<Tag>: a new tag cannot go undescribed. */
const TAG_DESCRIPTIONS: Record<Tag, string> = {
  [TAGS.dispatches]: 'Create, read and change dispatches',
  [TAGS.estimates]: 'Delivery times and prices',
  [TAGS.webhooks]:
    'Where the service sends your callbacks, and what became of each one. Signed (Standard Webhooks), at least once (deduplicate by `webhook-id`), retried with back-off, in order per dispatch; see **Webhooks** above for the events and the delivery rules.',
  [TAGS.service]: 'Public endpoints: status table, this document, health',
  [TAGS.ops]: 'For the service operator, not vendors: `Authorization: Bearer <OPS_TOKEN>`',
};

export const TAG_OBJECTS = Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description }));

export const REQUEST_ID_HEADER = { $ref: '#/components/headers/RequestId' };
export const IDEMPOTENT_REPLAYED_HEADER = { $ref: '#/components/headers/IdempotentReplayed' };
export const RETRY_AFTER_HEADER = { $ref: '#/components/headers/RetryAfter' };
export const LOCATION_HEADER = { $ref: '#/components/headers/Location' };
export const RATE_LIMIT_POLICY_HEADER = { $ref: '#/components/headers/RateLimitPolicy' };
export const RATE_LIMIT_HEADER = { $ref: '#/components/headers/RateLimit' };
export const IDEMPOTENCY_KEY_PARAM = { $ref: '#/components/parameters/IdempotencyKey' };

export const COMPONENTS = {
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
    RateLimitPolicy: {
      description:
        'The account’s rate limit (draft-ietf-httpapi-ratelimit-headers-10): a token bucket of `q` requests that refills completely in `w` seconds. Absent when the account has no limit. See **Rate limits**.',
      schema: { type: 'string', example: '"default";q=40;w=2' },
    },
    RateLimit: {
      description:
        'What is left of the rate limit after this request (draft-ietf-httpapi-ratelimit-headers-10): `r` requests may follow at once, and in `t` seconds the quota is whole again. Absent when the account has no limit.',
      schema: { type: 'string', example: '"default";r=39;t=1' },
    },
    Location: {
      description: 'Path of the created dispatch (`/ext/dispatch/{id}`). Not repeated on an idempotent replay: read the id from the body.',
      schema: { type: 'string', example: '/ext/dispatch/dsp_0mwr98c0p00008fw982zke' },
    },
  },
} satisfies ZodOpenApiComponentsObject;

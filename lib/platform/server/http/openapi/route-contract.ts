import type { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiParameters, ZodOpenApiRequestBodyObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import type { ErrorCode } from '@/lib/platform/server/errors/domain-error';
import {
  IDEMPOTENCY_KEY_PARAM,
  IDEMPOTENT_REPLAYED_HEADER,
  OPS_SCHEME,
  RATE_LIMIT_HEADER,
  RATE_LIMIT_POLICY_HEADER,
  TAGS,
  type Tag,
} from '@/lib/platform/server/http/openapi/components';
import { BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from '@/lib/platform/server/internal/http/openapi/error-responses';
import { formatBytes } from '@/lib/platform/server/http/openapi/format';
import { PATH_ID_PARAMS, type PathIdRecord } from '@/lib/platform/server/internal/http/openapi/parameters';
import type { SuccessResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { MAX_BODY_BYTES } from '@/lib/platform/server/http/read-json-body';

// An operation as one documented audience sees it (lib/platform/server/http/operation.ts builds it from the
// operation's declaration), and its OpenAPI entry. The declaration states what only the
// operation knows (summary, schemas, its own error codes); what the audience's wrapper in
// lib/edge/server/route.ts adds (authentication, body reading, Idempotency-Key, the rate limit)
// follows from `audience`, `body` and `idempotent`, the same facts the wrapper acts on.

/** The methods the document lists, as OpenAPI spells them (HEAD and OPTIONS come with the wrapper). */
export const DOCUMENTED_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type DocumentedMethod = (typeof DOCUMENTED_METHODS)[number];

/** The documented audiences (lib/platform/server/http/operation.ts): the vendor API, the operator API, anyone. */
export type Audience = 'vendor' | 'ops' | 'public';

/** What every route of an audience can answer around its handler. */
const AUDIENCE_ERRORS: Record<Audience, readonly ErrorCode[]> = {
  vendor: ['unauthorized', 'rate_limited', 'internal_error', 'service_unavailable'],
  ops: ['unauthorized', 'ops_api_disabled', 'internal_error', 'service_unavailable'],
  // None in common: /api/ping has no wrapper and cannot fail; the others list `internal_error`.
  public: [],
};

/** The document's default security is the API key, so vendor operations state none. */
const SECURITY: Record<Audience, Pick<ZodOpenApiOperationObject, 'security'>> = {
  vendor: {},
  ops: { security: [{ [OPS_SCHEME]: [] }] },
  public: { security: [] },
};

interface OperationFields {
  operationId: string;
  summary: string;
  description?: string;
  /**
   * The record the path's `{id}` names: adds its parameter and `404 not_found` ("No dispatch with
   * this id", for a vendor "… in your account": another account's record is not found either).
   */
  pathId?: PathIdRecord;
  /** Other path and query parameters: the zod schemas the handler parses them with, described. */
  requestParams?: ZodOpenApiParameters;
  /** The JSON body (the wrapper's `body: true`): adds the body-reading errors. */
  body?: { schema: z.ZodType; description: string };
  /** The wrapper's `idempotent: true`: adds the `Idempotency-Key` header, its errors and the replay marker. */
  idempotent?: boolean;
  responses: Partial<Record<'200' | '201' | '202' | '204' | '302', SuccessResponse>>;
  /** The codes the handler itself answers with, most specific first; the wrapper's are added. */
  errors?: readonly ErrorCode[];
  /** What a code means on this route, instead of ERROR_TABLE's general meaning. */
  errorNotes?: Partial<Record<ErrorCode, string>>;
}

/** One method of a route. Operator routes share one tag; the others name theirs. */
export type OperationContract = OperationFields & ({ audience: 'vendor' | 'public'; tag: Tag } | { audience: 'ops' });

function jsonBody({ schema, description }: NonNullable<OperationFields['body']>): ZodOpenApiRequestBodyObject {
  return {
    required: true,
    description: `${description}\n\nJSON, with any Content-Type or none; at most ${formatBytes(MAX_BODY_BYTES)}.`,
    content: { 'application/json': { schema } },
  };
}

/**
 * The `errors` and `errorNotes` of a list read with query filters and a page cursor: what a
 * caller can get wrong is in the query.
 */
export const FILTERED_LIST_ERRORS = {
  errors: ['invalid_request'],
  errorNotes: { invalid_request: 'A query parameter is invalid, or `cursor` is not one this API returned' },
} as const satisfies { errors: readonly ErrorCode[]; errorNotes: Partial<Record<ErrorCode, string>> };

/** What `not_found` means on an operation whose path names a record by `{id}`. */
function notFoundNote(record: PathIdRecord, audience: Audience): string {
  return `No ${record} with this id${audience === 'vendor' ? ' in your account' : ''}`;
}

/** Without a body, the `Idempotency-Key` header is all an idempotent route can find invalid. */
const IDEMPOTENCY_KEY_NOTE = 'The `Idempotency-Key` header is invalid';

/** Any answer of an idempotent route may be the stored one, replayed. */
function withReplayMarker({ headers, ...response }: SuccessResponse): SuccessResponse {
  const { 'x-request-id': requestId, ...others } = headers ?? {};
  return {
    ...response,
    headers: { ...(requestId && { 'x-request-id': requestId }), 'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER, ...others },
  };
}

/** Statuses answered before the API key is known: no account, so no rate limit to report. */
const BEFORE_AUTHENTICATION = new Set(['401']);

/**
 * A vendor operation's answers carry the account's rate-limit fields (apiKeyRoute takes the limit
 * right after authentication), all but the 401.
 */
function withRateLimitHeaders(responses: ZodOpenApiResponsesObject): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      BEFORE_AUTHENTICATION.has(status) || !response || '$ref' in response
        ? response
        : { ...response, headers: { ...response.headers, 'ratelimit-policy': RATE_LIMIT_POLICY_HEADER, ratelimit: RATE_LIMIT_HEADER } },
    ]),
  );
}

/** The OpenAPI operation of a contract, with what its wrapper adds. */
export function toOperation(contract: OperationContract): ZodOpenApiOperationObject {
  const { audience, pathId, body, idempotent = false, responses } = contract;
  const codes: ErrorCode[] = [
    ...(pathId ? (['not_found'] as const) : []),
    ...(contract.errors ?? []),
    ...(body ? BODY_ERRORS : []),
    ...(idempotent ? IDEMPOTENCY_ERRORS : []),
    ...AUDIENCE_ERRORS[audience],
  ];
  const notes: Partial<Record<ErrorCode, string>> = {
    ...(pathId && { not_found: notFoundNote(pathId, audience) }),
    ...(idempotent && !body && { invalid_request: IDEMPOTENCY_KEY_NOTE }),
    ...contract.errorNotes,
  };
  const requestParams = pathId ? { ...contract.requestParams, path: PATH_ID_PARAMS[pathId] } : contract.requestParams;
  const successes = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [status, idempotent ? withReplayMarker(response) : response]),
  );
  return {
    operationId: contract.operationId,
    tags: [contract.audience === 'ops' ? TAGS.ops : contract.tag],
    summary: contract.summary,
    ...(contract.description !== undefined && { description: contract.description }),
    ...(idempotent && { parameters: [IDEMPOTENCY_KEY_PARAM] }),
    ...(requestParams && { requestParams }),
    ...(body && { requestBody: jsonBody(body) }),
    responses:
      audience === 'vendor'
        ? withRateLimitHeaders({ ...successes, ...errorResponses(codes, { notes, idempotent }) })
        : { ...successes, ...errorResponses(codes, { notes, idempotent }) },
    ...SECURITY[audience],
  };
}

import type { DomainError } from '@/lib/platform/server/errors/domain-error';
import { statusOf } from '@/lib/platform/server/http/error-table';

/** What a handler returns; the wrapper turns it into a Response. */
export interface Reply {
  status: number;
  body?: unknown;
  /** A body already rendered as JSON text (records rendered by the database); wins over `body`. */
  json?: string;
  headers?: Record<string, string>;
  /** A response built by the handler itself (a stream); passed through with the reply headers. */
  response?: Response;
}

/**
 * The answer most operations give: their result in the API's envelope, `{ data }`; a 200, a 201
 * for what the operation created, a 202 for what it has accepted to do later.
 */
export function dataReply(data: unknown, status: 200 | 201 | 202 = 200): Reply {
  return { status, body: { data } };
}

export function toResponse(reply: Reply, requestId: string): Response {
  if (reply.response) {
    reply.response.headers.set('x-request-id', requestId);
    for (const [name, value] of Object.entries(reply.headers ?? {})) reply.response.headers.set(name, value);
    return reply.response;
  }
  const headers = new Headers(reply.headers);
  headers.set('x-request-id', requestId);
  const text = reply.json ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
  if (text === undefined || reply.status === 204) return new Response(null, { status: reply.status, headers });
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(text, { status: reply.status, headers });
}

/** A domain error as the spec's `{ error, error_desc }`, with the status the error table gives its code. */
export function domainErrorReply(error: DomainError, headers?: Record<string, string>): Reply {
  const retryAfter = error.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(error.retryAfterSeconds) };
  const merged = headers || retryAfter ? { ...headers, ...retryAfter } : undefined;
  return { status: statusOf(error.code), body: { error: error.code, error_desc: error.message }, headers: merged };
}

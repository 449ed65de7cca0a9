/** What a handler returns; the wrapper turns it into a Response. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function toResponse(reply: Reply, requestId: string): Response {
  const headers = new Headers(reply.headers);
  headers.set('x-request-id', requestId);
  if (reply.body === undefined || reply.status === 204) {
    return new Response(null, { status: reply.status, headers });
  }
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
}

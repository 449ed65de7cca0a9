/** What a handler returns; the wrapper turns it into a Response. */
export interface Reply {
  status: number;
  body?: unknown;
  /** A body already rendered as JSON text (records rendered by the database); wins over `body`. */
  json?: string;
  headers?: Record<string, string>;
}

export function toResponse(reply: Reply, requestId: string): Response {
  const headers = new Headers(reply.headers);
  headers.set('x-request-id', requestId);
  const text = reply.json ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
  if (text === undefined || reply.status === 204) return new Response(null, { status: reply.status, headers });
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(text, { status: reply.status, headers });
}

// Requests Next.js would answer badly, checked by the production server (scripts/serve.ts)
// before Next.js sees them, and answered with the API's error object:
// - a path with broken percent-encoding (`/ext/dispatch/%ZZ`, `%ED%A0%80`): Next.js answers a
//   bare 500 before any route runs;
// - a method no route takes (`PROPFIND`, `LINK`, …; Node's parser accepts the WebDAV and other
//   registered methods): Next.js answers an empty 400.

/** The methods every API route answers (`otherMethods` in lib/edge/server/route.ts). */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const HTTP_METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);

/** True when the path of a request target (`/a/b?c`) decodes as percent-encoded UTF-8. */
export function isDecodablePath(target: string): boolean {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The server's own answer to a request Next.js must not see, or null to pass it on. */
export function refusalOf(method: string, target: string): { status: number; body: string } | null {
  if (!HTTP_METHOD_SET.has(method)) {
    return {
      status: 501,
      body: JSON.stringify({ error: 'method_not_implemented', error_desc: `${method} is not a method this server answers; use ${HTTP_METHODS.join(', ')}` }),
    };
  }
  if (!isDecodablePath(target)) {
    return { status: 400, body: JSON.stringify({ error: 'invalid_request', error_desc: 'The URL path is not valid percent-encoded UTF-8' }) };
  }
  return null;
}

// Next.js answers a path with broken percent-encoding (`/ext/dispatch/%ZZ`, `%ED%A0%80`) with a
// bare 500 before any route runs. The production server checks the request target first and
// answers such requests itself with the API's 400 error object.

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

export const MALFORMED_PATH_BODY = JSON.stringify({
  error: 'invalid_request',
  error_desc: 'The URL path is not valid percent-encoded UTF-8',
});

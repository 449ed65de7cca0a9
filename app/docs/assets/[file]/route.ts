import { readFile } from 'node:fs/promises';
import path from 'node:path';

// Swagger UI's files, served from the installed swagger-ui-dist package (no CDN). Only these
// names are served, so the route can never read anything else from disk.
const CONTENT_TYPES = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

// `next start` runs from the repository root; resolving through the bundler would not point
// at node_modules once the route is compiled.
const PACKAGE_DIR = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');

// The package version is pinned and /docs adds it to every asset URL, so the bytes behind a
// URL never change: read each file once, keep it, and let browsers cache it for a year.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const files = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

function load(file: string): Promise<Uint8Array<ArrayBuffer>> {
  let pending = files.get(file);
  if (!pending) {
    pending = readFile(path.join(PACKAGE_DIR, file)).then((buffer) => new Uint8Array(buffer));
    // A failed read (package missing) is retried on the next request rather than cached.
    pending.catch(() => files.delete(file));
    files.set(file, pending);
  }
  return pending;
}

// GET /docs/assets/{file} — one of Swagger UI's allow-listed files; anything else 404
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  const contentType = CONTENT_TYPES.get(file);
  if (!contentType) {
    return Response.json({ error: 'not_found', error_desc: `No docs asset "${file}"` }, { status: 404 });
  }
  return new Response(await load(file), {
    headers: { 'content-type': contentType, 'cache-control': CACHE_CONTROL, 'x-content-type-options': 'nosniff' },
  });
}

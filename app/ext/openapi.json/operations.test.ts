import { describe, expect, it } from 'vitest';
import { DOCUMENTED_OPERATIONS } from '@/app/ext/openapi.json/operations';
import { MOUNTED, type MountedHandler } from '@/lib/edge/server/mount';
import { DOCUMENTED_AUDIENCES, type Audience, type Operation } from '@/lib/platform/server/http/operation';

// Every API route file mounts declared operations (lib/platform/server/http/operation.ts) at the path its folder
// names, and every path an operation declares has a route file mounting it for that audience. The
// documented surface (app/ext, app/api/ops, /api/health, /api/ping) is in the document: each of its
// operations is listed in operations.ts, with its words for that audience. A route added without its declaration, an operation
// mounted at another path than it declares, or one left out of the list fails here.

type RouteModule = Record<string, MountedHandler | undefined>;

const routeFiles = import.meta.glob<RouteModule>([
  '/app/ext/**/route.ts',
  '/app/api/**/route.ts',
  '/app/media/**/route.ts',
  // The catch-alls answering 404 `not_found` for unknown paths: no operation of their own.
  '!/app/ext/\\[...path\\]/route.ts',
  '!/app/api/\\[...path\\]/route.ts',
]);
const contractFiles = import.meta.glob('/app/**/openapi.ts');

const folderOf = (file: string) => file.replace(/\/(route|openapi)\.ts$/, '');
/** `/app/ext/dispatch/[id]/route.ts` → `/ext/dispatch/{id}` */
const pathOf = (file: string) => folderOf(file).replace(/^\/app/, '').replace(/\[([^\]]+)\]/g, '{$1}');
const isDocumented = (path: string) => /^\/(ext|api\/ops)\//.test(path) || path === '/api/health' || path === '/api/ping';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface Mounted {
  path: string;
  method: string;
  audience: Audience;
  operation: Operation;
}

async function mountedIn(file: string): Promise<Mounted[]> {
  const route = await routeFiles[file]!();
  return METHODS.flatMap((method) => {
    const mounted = route[method]?.[MOUNTED];
    return mounted ? [{ path: pathOf(file), method, ...mounted }] : [];
  });
}

const files = Object.keys(routeFiles).sort();

describe('the API’s operations', () => {
  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)('%s mounts operations declared for its path and audience', async (file) => {
    for (const { path, method, audience, operation } of await mountedIn(file)) {
      expect(operation.mounts[audience], `${method} ${path} for ${audience}`).toBe(path);
      expect(operation.method).toBe(method);
    }
  });

  it('mounts every operation at every path it declares', async () => {
    const mounted = (await Promise.all(files.map(mountedIn))).flat();
    const seen = new Set(mounted.map(({ audience, operation }) => `${audience} ${operation.method} ${operation.mounts[audience]}`));
    for (const { operation } of mounted) {
      for (const [audience, path] of Object.entries(operation.mounts)) {
        expect(seen, `${operation.method} ${path} is declared for ${audience} but no route file mounts it`).toContain(`${audience} ${operation.method} ${path}`);
      }
    }
  });

  it.each(files.filter((file) => isDocumented(pathOf(file))))('%s is documented: every method it answers is in the document', async (file) => {
    const route = await routeFiles[file]!();
    // `otherMethods` (lib/edge/server/route.ts) puts what the route implements in OPTIONS' Allow.
    const options = await route.OPTIONS!(new Request('http://localhost/p', { method: 'OPTIONS' }), { params: Promise.resolve({}) });
    const served = options.headers.get('allow')!.split(', ').filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
    const mounted = await mountedIn(file);
    expect(mounted.map(({ method }) => method).sort()).toEqual([...served].sort());
    for (const { audience, operation } of mounted) {
      expect(DOCUMENTED_OPERATIONS, `${operation.method} ${pathOf(file)} is listed in operations.ts`).toContain(operation);
      expect(operation.contract(audience as (typeof DOCUMENTED_AUDIENCES)[number]), `${operation.method} ${pathOf(file)} has its ${audience} docs`).toBeDefined();
    }
  });

  it('has no hand-written contract file: the document comes from the declarations', () => {
    expect(Object.keys(contractFiles)).toEqual([]);
  });
});

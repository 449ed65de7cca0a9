import { describe, expect, it } from 'vitest';
import { ROUTE_CONTRACTS } from '@/app/ext/openapi.json/contracts';
import type { RouteContract } from '@/lib/http/openapi/route-contract';

// The documented surface is every route file under app/ext and app/api/ops, plus /api/health
// and /api/ping; each has its contract in `openapi.ts` beside it, listed in contracts.ts (Next
// has no runtime glob). A route added without a contract, a contract left out of the list, or a
// contract whose methods differ from what the route answers fails here.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const routeFiles = import.meta.glob<Record<string, Handler | undefined>>([
  '/app/ext/**/route.ts',
  '/app/api/ops/**/route.ts',
  '/app/api/health/route.ts',
  '/app/api/ping/route.ts',
  // The catch-all answering 404 `not_found` for unknown /ext paths: no operation of its own.
  '!/app/ext/\\[...path\\]/route.ts',
]);
const contractFiles = import.meta.glob<{ ROUTE_CONTRACT?: RouteContract }>('/app/**/openapi.ts');

const folderOf = (file: string) => file.replace(/\/(route|openapi)\.ts$/, '');
/** `/app/ext/dispatch/[id]/route.ts` → `/ext/dispatch/{id}` */
const pathOf = (file: string) => folderOf(file).replace(/^\/app/, '').replace(/\[([^\]]+)\]/g, '{$1}');

const routes = Object.keys(routeFiles).map(folderOf).sort();

describe('the route contracts', () => {
  it('finds the documented route files', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContain('/app/api/ping');
  });

  it.each(routes)('%s has a contract beside its route file, for its own path, in the list', async (folder) => {
    const load = contractFiles[`${folder}/openapi.ts`];
    expect(load, `${folder}/openapi.ts is missing`).toBeDefined();
    const { ROUTE_CONTRACT } = await load!();
    expect(ROUTE_CONTRACT, `${folder}/openapi.ts exports ROUTE_CONTRACT`).toBeDefined();
    expect(ROUTE_CONTRACT!.path).toBe(pathOf(folder));
    expect(ROUTE_CONTRACTS, `app/ext/openapi.json/contracts.ts lists ${folder}/openapi.ts`).toContain(ROUTE_CONTRACT);
  });

  it.each(routes)('%s: the contract documents exactly the methods the route answers', async (folder) => {
    const route = await routeFiles[`${folder}/route.ts`]!();
    const { ROUTE_CONTRACT } = await contractFiles[`${folder}/openapi.ts`]!();
    // `otherMethods` (lib/http/route.ts) puts what the route implements in OPTIONS' Allow.
    const options = await route.OPTIONS!(new Request('http://localhost/p', { method: 'OPTIONS' }), { params: Promise.resolve({}) });
    const served = options.headers.get('allow')!.split(', ').filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
    const documented = Object.keys(ROUTE_CONTRACT!.operations).map((method) => method.toUpperCase());
    expect(documented.sort()).toEqual(served.sort());
  });

  it('lists no contract twice and none without a documented route file', () => {
    const paths = ROUTE_CONTRACTS.map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(routes.map(pathOf).sort());
  });

  it('has no contract file away from a documented route file', () => {
    expect(Object.keys(contractFiles).map(folderOf).sort()).toEqual(routes);
  });
});

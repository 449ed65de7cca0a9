import { describe, expect, it } from 'vitest';

// Every API route answers every HTTP method itself (`otherMethods`, lib/edge/server/route.ts): a method
// a path does not take is a JSON 405 with `Allow`, never Next's empty one. A route file that
// forgets the `otherMethods` line fails here.

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const routeFiles = import.meta.glob<Record<string, Handler | undefined>>(['./ext/**/route.ts', './api/**/route.ts', '!./ext/\\[...path\\]/route.ts', '!./api/\\[...path\\]/route.ts']);
const context = { params: Promise.resolve({}) };

describe('HTTP methods of the API routes', () => {
  it('finds the route files', () => {
    expect(Object.keys(routeFiles).length).toBeGreaterThan(70);
  });

  for (const [file, load] of Object.entries(routeFiles)) {
    it(`${file.replace(/^\.\/|\/route\.ts$/g, '')}: OPTIONS lists the methods, every other one is a JSON 405`, async () => {
      const route = await load();
      const options = await route.OPTIONS!(new Request('http://localhost/p', { method: 'OPTIONS' }), context);
      expect(options.status).toBe(204);
      const allow = options.headers.get('allow')!.split(', ');
      expect(allow).toContain('OPTIONS');
      for (const method of METHODS) {
        if (method === 'HEAD' && allow.includes('GET')) {
          expect(route.HEAD, 'HEAD is left to Next, which runs GET without the body').toBeUndefined();
          continue;
        }
        expect(route[method], `${method} is exported`).toBeTypeOf('function');
        if (allow.includes(method)) continue;
        const response = await route[method]!(new Request('http://localhost/p', { method }), context);
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe(allow.join(', '));
        expect(await response.json()).toEqual({ error: 'method_not_allowed', error_desc: `${method} /p is not supported; allowed: ${allow.join(', ')}` });
      }
    });
  }
});

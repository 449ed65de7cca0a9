import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { otherMethods, publicRoute } from '@/lib/edge/server/route';

// A security probe found API replies with customers' names and phones, API keys and webhook
// secrets that any cache could keep (no `Cache-Control`), and no HSTS behind an HTTPS PUBLIC_URL.

const context = { params: Promise.resolve({}) };

function withPublicUrl(url: string) {
  vi.stubEnv('PUBLIC_URL', url);
  resetEnvForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe('API reply headers', () => {
  it('marks every reply no-store: success, domain error, unexpected error, OPTIONS and 405', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ok = await publicRoute({}, async () => ({ status: 200, body: { phone: '+966500000000' } }))(new Request('http://localhost/x'), context);
    const missing = await publicRoute({}, async () => {
      throw new DomainError('not_found', 'The dispatch was not found');
    })(new Request('http://localhost/x'), context);
    const broken = await publicRoute({}, async () => {
      throw new Error('boom');
    })(new Request('http://localhost/x'), context);
    const { OPTIONS, POST } = otherMethods({ GET: true });
    const options = await OPTIONS(new Request('http://localhost/x', { method: 'OPTIONS' }), context);
    const refused = await POST(new Request('http://localhost/x', { method: 'POST' }), context);
    log.mockRestore();
    expect([ok, missing, broken, options, refused].map((response) => [response.status, response.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [404, 'no-store'],
      [500, 'no-store'],
      [204, 'no-store'],
      [405, 'no-store'],
    ]);
  });

  it("keeps a route's own directives and adds no-store when they lack it (CSV downloads, event streams)", async () => {
    const stream = (cacheControl: string) =>
      publicRoute({}, async () => ({ status: 200, response: new Response('data: {}\n\n', { headers: { 'cache-control': cacheControl } }) }));
    const csv = await stream('private, no-store')(new Request('http://localhost/x'), context);
    const events = await stream('no-cache, no-transform')(new Request('http://localhost/x'), context);
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    expect(events.headers.get('cache-control')).toBe('no-store, no-cache, no-transform');
  });

  it('sends HSTS when PUBLIC_URL is https://, decided at run time, and not over plain HTTP', async () => {
    const handler = publicRoute({}, async () => ({ status: 204 }));
    withPublicUrl('https://dispatch.example.com');
    expect((await handler(new Request('http://localhost/x'), context)).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    const { POST } = otherMethods({ GET: true });
    expect((await POST(new Request('http://localhost/x', { method: 'POST' }), context)).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    withPublicUrl('http://localhost:3000');
    expect((await handler(new Request('http://localhost/x'), context)).headers.has('strict-transport-security')).toBe(false);
  });
});

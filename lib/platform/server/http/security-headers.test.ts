import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { newNonce, pageContentSecurityPolicy, tileSourceOf, withNoStore } from '@/lib/platform/server/http/security-headers';
import { proxy } from '@/proxy';

// A security probe found pages with no Content-Security-Policy beyond frame-ancestors: any
// injected script would have run. These pin the policy; e2e/security-headers.spec.ts checks it
// on the served pages.

const PRODUCTION = { NODE_ENV: 'production', MAP_TILE_URL: '', PUBLIC_URL: 'http://localhost:3000' } as const;

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((directive) => {
    const [name = '', ...sources] = directive.trim().split(/\s+/);
    return [name, sources];
  }));
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe('page Content-Security-Policy', () => {
  it('in production: scripts by nonce only, no eval, nothing framed, no plugins, own origin for the rest', () => {
    const csp = directivesOf(pageContentSecurityPolicy({ nonce: 'abc123==', pathname: '/dispatches', env: PRODUCTION }));
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'nonce-abc123=='", "'strict-dynamic'"],
      'style-src': ["'self'", "'nonce-abc123=='"],
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it("allows eval and inline <style> in development only (next dev's needs)", () => {
    const csp = directivesOf(pageContentSecurityPolicy({ nonce: 'n', pathname: '/', env: { ...PRODUCTION, NODE_ENV: 'development' } }));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(pageContentSecurityPolicy({ nonce: 'n', pathname: '/', env: { ...PRODUCTION, NODE_ENV: 'test' } })).not.toContain('unsafe-eval');
  });

  it('allows map tiles from the configured tile origin only, and none when MAP_TILE_URL is empty', () => {
    const withTiles = { ...PRODUCTION, MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' };
    expect(directivesOf(pageContentSecurityPolicy({ nonce: 'n', pathname: '/t/x', env: withTiles })).get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    expect(directivesOf(pageContentSecurityPolicy({ nonce: 'n', pathname: '/t/x', env: PRODUCTION })).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("allows any HTTPS image in the admin console only (the QA queue shows drivers' uploads from hosts we cannot list)", () => {
    const imagesOf = (pathname: string) => directivesOf(pageContentSecurityPolicy({ nonce: 'n', pathname, env: PRODUCTION })).get('img-src');
    // Any console page: admins reach the QA queue from the others by client-side navigation, under the first page's policy.
    for (const pathname of ['/admin', '/admin/qa', '/admin/dispatches/dsp_1']) expect(imagesOf(pathname)).toContain('https:');
    for (const pathname of ['/', '/login', '/dispatches', '/t/abc', '/administrator']) expect(imagesOf(pathname)).not.toContain('https:');
  });

  it("lets the driver app's pages register its service worker and manifest from our origin, and no other page", () => {
    // 'strict-dynamic' in script-src makes browsers ignore 'self' there, which workers fall back to.
    for (const pathname of ['/driver', '/driver/jobs/dsp_1', '/driver/login']) {
      const csp = directivesOf(pageContentSecurityPolicy({ nonce: 'n', pathname, env: PRODUCTION }));
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('manifest-src')).toEqual(["'self'"]);
    }
    for (const pathname of ['/dispatches', '/drivers', '/admin/drivers', '/t/abc']) {
      expect(directivesOf(pageContentSecurityPolicy({ nonce: 'n', pathname, env: PRODUCTION })).has('worker-src')).toBe(false);
    }
  });

  it('upgrades insecure requests when served over HTTPS only', () => {
    expect(pageContentSecurityPolicy({ nonce: 'n', pathname: '/', env: { ...PRODUCTION, PUBLIC_URL: 'https://dispatch.example.com' } })).toMatch(
      /; upgrade-insecure-requests$/,
    );
    expect(pageContentSecurityPolicy({ nonce: 'n', pathname: '/', env: PRODUCTION })).not.toContain('upgrade-insecure-requests');
  });
});

describe('tileSourceOf', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles-{s}.maps.example.com/{z}/{x}/{y}{r}.png?key=k', 'https://*.maps.example.com'],
    ['http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8080'],
    ['  HTTPS://Tiles.Example.com:443/{z}/{x}/{y}.png', 'https://tiles.example.com'],
    ['', null],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['javascript:alert(1)//{z}', null],
    ['https://tiles.{s}/{z}/{x}/{y}.png', null],
  ])('%j → %j', (template, source) => {
    expect(tileSourceOf(template)).toBe(source);
  });
});

describe('withNoStore', () => {
  it.each([
    [null, 'no-store'],
    ['no-store', 'no-store'],
    ['private, no-store', 'private, no-store'],
    ['no-cache, no-transform', 'no-store, no-cache, no-transform'],
    ['public, max-age=60', 'no-store, public, max-age=60'],
  ])('%j → %j', (given, expected) => {
    expect(withNoStore(given)).toBe(expected);
  });
});

describe('proxy', () => {
  it('sends the page policy on the response and on the request (where Next.js reads the nonce), fresh each time', async () => {
    vi.stubEnv('MAP_TILE_URL', '');
    vi.stubEnv('PUBLIC_URL', 'https://dispatch.example.com');
    resetEnvForTests();
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = proxy(new NextRequest('https://dispatch.example.com/dispatches', { headers: { 'content-security-policy': "script-src 'nonce-forged'" } }));
      const policy = response.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      // NextResponse.next() hands the rewritten request headers to the page as x-middleware-request-*.
      expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    }
    expect(nonces.size).toBe(3);
    expect(newNonce()).not.toBe(newNonce());
  });
});

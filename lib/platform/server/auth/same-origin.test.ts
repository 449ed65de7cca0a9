import { afterEach, describe, expect, it } from 'vitest';
import { isSameOriginRequest, requestHost } from '@/lib/platform/server/auth/authenticate-session';
import { resetEnvForTests } from '@/lib/platform/server/env';

// Regression: without Sec-Fetch-Site, the Origin check compared against X-Forwarded-Host whenever
// it was present, so a client (or a cross-site page's fetch through a tool that sets it) naming
// its own host there passed the CSRF check. It is believed only behind configured proxies.

function post(headers: Record<string, string>): Request {
  return new Request('http://dispatch.example/api/staff/dispatches', { method: 'POST', headers });
}

afterEach(() => {
  delete process.env.TRUSTED_PROXY_COUNT;
  resetEnvForTests();
});

describe('isSameOriginRequest without Sec-Fetch-Site', () => {
  it('ignores X-Forwarded-Host when no proxy is trusted', () => {
    expect(isSameOriginRequest(post({ host: 'dispatch.example', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }))).toBe(false);
    expect(isSameOriginRequest(post({ host: 'dispatch.example', origin: 'http://dispatch.example', 'x-forwarded-host': 'evil.example' }))).toBe(true);
  });

  it('believes the nearest proxy’s X-Forwarded-Host behind configured proxies', () => {
    process.env.TRUSTED_PROXY_COUNT = '1';
    resetEnvForTests();
    const headers = { host: '10.0.0.5:3000', origin: 'https://dispatch.example', 'x-forwarded-host': 'evil.example, dispatch.example' };
    expect(isSameOriginRequest(post(headers))).toBe(true);
    expect(isSameOriginRequest(post({ ...headers, 'x-forwarded-host': 'dispatch.example, evil.example', origin: 'https://dispatch.example' }))).toBe(false);
  });

  it('still decides by Sec-Fetch-Site when the browser sends it', () => {
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'cross-site', host: 'dispatch.example', origin: 'http://dispatch.example' }))).toBe(false);
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
  });
});

describe('requestHost', () => {
  it('is the Host header without trusted proxies', () => {
    expect(requestHost(new Headers({ host: 'a.example', 'x-forwarded-host': 'b.example' }), 0)).toBe('a.example');
    expect(requestHost(new Headers({ host: 'a.example' }), 2)).toBe('a.example');
  });
});

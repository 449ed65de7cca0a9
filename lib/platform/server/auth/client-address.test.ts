import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addressThrottleKey,
  CLIENT_ADDRESS_HEADER,
  clientAddress,
  clientAddressOf,
  normalizeAddress,
  stampClientAddress,
} from '@/lib/platform/server/auth/client-address';
import { forgetProcessWide } from '@/lib/platform/server/process-wide';

// Guards against the sign-in throttle's client address coming from X-Forwarded-For, which the
// client writes: rotating it gave every guess a fresh per-address allowance.

afterEach(() => {
  forgetProcessWide('client-address-stamped');
});

const SOCKET = '198.51.100.7';

describe('clientAddressOf', () => {
  it('with no trusted proxy: the socket address, whatever X-Forwarded-For says', () => {
    const seen = ['203.0.113.1', '203.0.113.2, 10.0.0.1', 'garbage', undefined, ['1.1.1.1', '2.2.2.2']].map((forwardedFor) =>
      clientAddressOf({ socketAddress: SOCKET, forwardedFor, trustedProxyCount: 0 }),
    );
    expect(new Set(seen)).toEqual(new Set([SOCKET]));
    expect(clientAddressOf({ socketAddress: '::ffff:198.51.100.7', forwardedFor: undefined, trustedProxyCount: 0 })).toBe(SOCKET);
    expect(clientAddressOf({ socketAddress: undefined, forwardedFor: '203.0.113.1', trustedProxyCount: 0 })).toBe('unknown');
  });

  it('with one trusted proxy: the entry it appended (the last), not what the client wrote before it', () => {
    const of = (forwardedFor: string | string[]) => clientAddressOf({ socketAddress: SOCKET, forwardedFor, trustedProxyCount: 1 });
    expect(of('203.0.113.9')).toBe('203.0.113.9');
    expect(of('1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(of('5.6.7.8, 1.2.3.4,203.0.113.9')).toBe('203.0.113.9');
    // Several header lines count as one list, in order.
    expect(of(['1.2.3.4', '203.0.113.9'])).toBe('203.0.113.9');
    expect(of('2001:DB8::1')).toBe('2001:db8::1');
  });

  it('with two trusted proxies: the second entry from the right', () => {
    const of = (forwardedFor: string) => clientAddressOf({ socketAddress: SOCKET, forwardedFor, trustedProxyCount: 2 });
    expect(of('203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(of('1.2.3.4, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(of('9.9.9.9, 8.8.8.8, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('falls back to the socket address with fewer entries than trusted proxies, or a malformed one', () => {
    const of = (forwardedFor: string | undefined, trustedProxyCount = 2) => clientAddressOf({ socketAddress: SOCKET, forwardedFor, trustedProxyCount });
    expect(of(undefined)).toBe(SOCKET);
    expect(of('')).toBe(SOCKET);
    expect(of(' , ,')).toBe(SOCKET);
    expect(of('203.0.113.9')).toBe(SOCKET);
    expect(of('unknown, 10.0.0.2')).toBe(SOCKET);
    expect(of('not an address, 10.0.0.2')).toBe(SOCKET);
    expect(of(`${'1'.repeat(200)}, 10.0.0.2`)).toBe(SOCKET);
    expect(of('999.1.1.1', 1)).toBe(SOCKET);
    expect(of('1.2.3.4<script>', 1)).toBe(SOCKET);
  });

  it('reads the forms proxies write: a port, brackets, IPv4-mapped IPv6', () => {
    const of = (forwardedFor: string) => clientAddressOf({ socketAddress: SOCKET, forwardedFor, trustedProxyCount: 1 });
    expect(of('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(of('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(of('[2001:db8::1]')).toBe('2001:db8::1');
    expect(of('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
  });
});

describe('addressThrottleKey', () => {
  it('keys IPv4 by the address and IPv6 by its /64 network', () => {
    expect(addressThrottleKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressThrottleKey('unknown')).toBe('unknown');
    expect(addressThrottleKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressThrottleKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressThrottleKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressThrottleKey('::1')).toBe('0:0:0:0::/64');
    expect(addressThrottleKey('2001:0db8:0001:0002::ffff:1.2.3.4')).toBe('2001:db8:1:2::/64');
  });
});

describe('the address the server script hands to the app', () => {
  /** An HTTP server that stamps as scripts/serve.ts does and answers with what a route handler would read. */
  async function withServer(trustedProxyCount: number, work: (send: (headers: Record<string, string>) => Promise<string>) => Promise<void>) {
    const server = http.createServer((request, response) => {
      stampClientAddress(request, trustedProxyCount);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      response.end(clientAddress(headers));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await work(async (headers) => (await fetch(`http://127.0.0.1:${port}/`, { headers })).text());
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('replaces a copy of the header the client sent, and ignores X-Forwarded-For with no trusted proxy', async () => {
    await withServer(0, async (send) => {
      expect(await send({})).toBe('127.0.0.1');
      expect(await send({ [CLIENT_ADDRESS_HEADER]: '203.0.113.66', 'x-forwarded-for': '203.0.113.67' })).toBe('127.0.0.1');
    });
  });

  it('takes the trusted proxy hop from X-Forwarded-For', async () => {
    await withServer(1, async (send) => {
      expect(await send({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9', [CLIENT_ADDRESS_HEADER]: '6.6.6.6' })).toBe('203.0.113.9');
      expect(await send({})).toBe('127.0.0.1');
    });
  });

  it('is not believed where no server script stamps it (`next dev`): every client is unknown', () => {
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '203.0.113.9' }))).toBe('unknown');
  });
});

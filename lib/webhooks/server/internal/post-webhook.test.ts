import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postWebhook } from '@/lib/webhooks/server/internal/post-webhook';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from '@/test/webhook-receiver';

// Regression: IPv6 forms carrying a loopback or private IPv4 address (`[::127.0.0.1]`,
// `[::ffff:0:127.0.0.1]`, 64:ff9b:1::/48, 2002::/16) passed the target check, both as URL
// literals and as what a hostname resolves to (the connect-time check every attempt makes).

const post = (url: string, options: { allowPrivate?: boolean; timeoutMs?: number; signal?: AbortSignal } = {}) =>
  postWebhook({ url, body: '{}', headers: {}, timeoutMs: options.timeoutMs ?? 2_000, allowPrivate: options.allowPrivate ?? false, signal: options.signal });

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  receiver.answer = () => ({ status: 200 });
});

describe('postWebhook: the target address', () => {
  it.each([
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:0:127.0.0.1]/hook',
    'http://[64:ff9b::127.0.0.1]/hook',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    'http://[64:ff9b:1::a00:1]/hook',
    'http://[2002:7f00:1::1]/hook',
    'http://[2001::1]/hook',
    'http://[::1]:8080/hook',
    'http://[fe80::1]/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'http://0177.0.0.1/hook',
    'http://127.1/hook',
    'http://0xa9fea9fe/latest/meta-data',
  ])('refuses the literal address of %s before connecting', async (url) => {
    const result = await post(url);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/is a private or loopback address$/), isAddressRefused: true });
  });

  it.each(['::127.0.0.1', '::ffff:0:127.0.0.1', '::ffff:127.0.0.1', '64:ff9b::10.0.0.1', '64:ff9b:1::808:808', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '127.0.0.1'])(
    'refuses a hostname that resolves only to %s (checked where the connection is made)',
    async (address) => {
      const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: (error: null, addresses: dns.LookupAddress[]) => void) =>
        callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as unknown as typeof dns.lookup);
      const result = await post('http://receiver.example.test/hook');
      expect(lookup).toHaveBeenCalled();
      expect(result).toMatchObject({ ok: false, statusCode: null, error: 'receiver.example.test resolves only to private or loopback addresses', isAddressRefused: true });
    },
  );

  it('reaches a loopback receiver, spelled in decimal, only when private URLs are allowed', async () => {
    const decimal = receiver.url.replace('127.0.0.1', '2130706433');
    expect((await post(decimal)).error).toMatch(/127\.0\.0\.1 is a private or loopback address/);
    expect(await post(decimal, { allowPrivate: true })).toMatchObject({ ok: true, statusCode: 200, error: null, isAddressRefused: false });
  });
});

describe('postWebhook: the caller going away', () => {
  it('cancels the request when the signal aborts, long before the timeout', async () => {
    receiver.answer = () => 'hang';
    const client = new AbortController();
    const sent = receiver.received.length;
    const result = post(`${receiver.url}/hang`, { allowPrivate: true, timeoutMs: 10_000, signal: client.signal });
    await waitFor(() => receiver.received.length > sent, 5_000, 'the request to arrive');
    client.abort();
    expect(await result).toMatchObject({ ok: false, statusCode: null, error: 'cancelled: the caller went away' });
    expect((await result).latencyMs).toBeLessThan(5_000);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const sent = receiver.received.length;
    const result = await post(`${receiver.url}/never`, { allowPrivate: true, signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'cancelled: the caller went away' });
    expect(receiver.received.length).toBe(sent);
  });
});

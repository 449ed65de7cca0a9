import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { call } from '@/test/api';
import { newAccount } from '@/test/fixtures';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const path = (request.url ?? '/').split('?')[0];
      if (path === '/ok') return response.writeHead(200).end('ok');
      if (path === '/created') return response.writeHead(201).end();
      if (path === '/fail') return response.writeHead(500).end('boom');
      if (path === '/redirect') return response.writeHead(302, { location: '/ok' }).end();
      if (path === '/slow') return setTimeout(() => response.writeHead(200).end(), 1_500);
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('POST /ext/webhook', () => {
  it('registers a URL that answers the signed ping with 200 (204, no body)', async () => {
    const account = await newAccount();
    const response = await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${base}/ok` } });
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    const endpoints = await db().webhookEndpoint.findMany({ where: { accountId: account.id } });
    expect(endpoints.map((endpoint) => [endpoint.url, endpoint.isActive])).toEqual([[`${base}/ok`, true]]);

    const ping = received.at(-1)!;
    const verified = new Webhook(account.webhook_secret).verify(ping.body, {
      'webhook-id': String(ping.headers['webhook-id']),
      'webhook-timestamp': String(ping.headers['webhook-timestamp']),
      'webhook-signature': String(ping.headers['webhook-signature']),
    }) as { type: string };
    expect(verified.type).toBe('webhook.ping');
  });

  it('replaces the previous URL of the account', async () => {
    const account = await newAccount();
    await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${base}/ok` } });
    await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${base}/ok?v=2` } });
    const active = await db().webhookEndpoint.findMany({ where: { accountId: account.id, isActive: true } });
    expect(active.map((endpoint) => endpoint.url)).toEqual([`${base}/ok?v=2`]);
  });

  it.each([
    ['answers 500', '/fail', /HTTP 500/],
    ['answers 201 (only 200 counts)', '/created', /HTTP 201/],
    ['redirects (not followed)', '/redirect', /HTTP 302/],
    ['answers 404', '/missing', /HTTP 404/],
  ])('refuses a URL that %s with 400 and the reason', async (_, path, reason) => {
    const account = await newAccount();
    const response = await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${base}${path}` } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('webhook_unreachable');
    expect(response.body.error_desc).toMatch(reason);
    expect(await db().webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('refuses a URL that does not answer in time', async () => {
    const account = await newAccount();
    await expect(registerWebhook({ accountId: account.id, url: `${base}/slow`, timeoutMs: 300 })).rejects.toMatchObject({
      code: 'webhook_unreachable',
      message: expect.stringMatching(/no response within 300 ms/),
    });
  });

  it('refuses a URL where nothing listens', async () => {
    const account = await newAccount();
    const response = await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: 'http://127.0.0.1:1/hook' } });
    expect(response.status).toBe(400);
    expect(response.body.error_desc).toMatch(/ECONNREFUSED/);
  });

  it.each([
    ['loopback by name', () => `${base.replace('127.0.0.1', 'localhost')}/ok`],
    ['loopback by address', () => `${base}/ok`],
    ['a private address', () => 'http://10.1.2.3/hook'],
    ['link-local metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => 'http://[::1]:8080/hook'],
  ])('refuses %s unless private URLs are allowed', async (_, url) => {
    const account = await newAccount();
    await expect(registerWebhook({ accountId: account.id, url: url(), allowPrivate: false })).rejects.toMatchObject({
      code: 'webhook_unreachable',
      message: expect.stringMatching(/private or loopback/),
    });
  });

  it('names WEBHOOK_ALLOW_PRIVATE_URLS when it refuses a private URL (by address or by name), and only then', async () => {
    // A newcomer registering a receiver on localhost was told "private or loopback" with no way out.
    const account = await newAccount();
    for (const url of ['http://10.1.2.3/hook', `${base.replace('127.0.0.1', 'localhost')}/ok`]) {
      await expect(registerWebhook({ accountId: account.id, url, allowPrivate: false })).rejects.toMatchObject({
        code: 'webhook_unreachable',
        message: expect.stringMatching(/private or loopback address.*WEBHOOK_ALLOW_PRIVATE_URLS=true/),
      });
    }
    const failing = await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${base}/fail` } });
    expect(failing.status).toBe(400);
    expect(failing.body.error_desc).toMatch(/HTTP 500/);
    expect(failing.body.error_desc).not.toMatch(/WEBHOOK_ALLOW_PRIVATE_URLS/);
  });

  it.each([
    [{}, /^webhook: is required$/],
    // The URL under another name: the error names the field that is missing, not a URL rule.
    [{ url: 'https://example.com/x' }, /^webhook: is required$/],
    [{ webhook: 'not a url' }, /^webhook: must be an http\(s\) URL$/],
    [{ webhook: 'ftp://example.com/x' }, /^webhook: must be an http\(s\) URL$/],
    [{ webhook: 42 }, /^webhook: must be an http\(s\) URL$/],
  ])('refuses %j with 400 invalid_request', async (body, field) => {
    const account = await newAccount();
    const response = await call('POST', '/ext/webhook', { apiKey: account.api_key, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(field);
  });

  it('answers 401 without a key', async () => {
    expect((await call('POST', '/ext/webhook', { body: { webhook: `${base}/ok` } })).status).toBe(401);
  });
});

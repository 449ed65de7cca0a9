import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/ext/webhook/route';
import { db } from '@/lib/platform/server/db/client';
import { CHECKS_PER_ACCOUNT, CHECKS_PER_PROCESS } from '@/lib/webhooks/server/internal/check-slots';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { call, type ApiResponse } from '@/test/api';
import { newAccount, staffOfNewAccount } from '@/test/fixtures';
import { waitFor } from '@/test/webhook-receiver';

// Regression: registering a webhook waits on the vendor's URL, and nothing bounded how many of
// these outgoing checks ran at once, per account or in total: slow hosts let them pile up.
// Tests run with WEBHOOK_ALLOW_PRIVATE_URLS (test/setup-database.ts): the receiver is local.

/** A slow receiver: holds every request until released (or answers at once with `answer`). */
interface SlowReceiver {
  url: string;
  paths: string[];
  held: http.ServerResponse[];
  /** Requests whose client went away before an answer. */
  abandoned: number;
  answer: number | 'hold';
  release(status?: number): void;
}

let receiver: SlowReceiver;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receiver.paths.push(request.url ?? '/');
      if (receiver.answer !== 'hold') return void response.writeHead(receiver.answer).end();
      receiver.held.push(response);
      response.on('close', () => {
        if (!response.writableEnded) receiver.abandoned++;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths: [],
    held: [],
    abandoned: 0,
    answer: 'hold',
    release(status = 200) {
      for (const response of receiver.held.splice(0)) if (!response.destroyed) response.writeHead(status).end();
    },
  };
});

afterEach(() => {
  receiver.release();
  receiver.answer = 'hold';
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Account = Awaited<ReturnType<typeof newAccount>>;

const register = (account: Account, path: string): Promise<ApiResponse> =>
  call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${receiver.url}${path}` } });

/** The request's answer if it comes within `ms`, else a failure naming what did not happen. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function urlsOf(accountId: string): Promise<{ url: string; isActive: boolean }[]> {
  return db().webhookEndpoint.findMany({ where: { accountId }, select: { url: true, isActive: true }, orderBy: { url: 'asc' } });
}

/** The account's slots are all free: as many checks as it may run at once are all sent. */
async function expectAllSlotsFree(account: Account): Promise<void> {
  receiver.answer = 'hold';
  const before = receiver.held.length;
  const replies = Array.from({ length: CHECKS_PER_ACCOUNT }, (_, i) => register(account, `/free-${i}`));
  await waitFor(() => receiver.held.length === before + CHECKS_PER_ACCOUNT, 5_000, 'every check of the account to be sent');
  receiver.release();
  expect((await Promise.all(replies)).map((reply) => reply.status)).toEqual(Array(CHECKS_PER_ACCOUNT).fill(204));
}

describe('outgoing registration checks per account', () => {
  it('refuses the check beyond the account’s limit at once with 429 and Retry-After, and writes nothing for it', async () => {
    const account = await newAccount();
    receiver.answer = 200;
    expect((await register(account, '/before')).status).toBe(204);

    receiver.answer = 'hold';
    const paths = Array.from({ length: CHECKS_PER_ACCOUNT + 1 }, (_, i) => `/concurrent-${i}`);
    const replies: (ApiResponse | undefined)[] = [];
    const all = paths.map((path, i) => register(account, path).then((reply) => (replies[i] = reply)));
    await waitFor(() => receiver.held.length === CHECKS_PER_ACCOUNT && replies.filter(Boolean).length === 1, 3_000, 'one check refused while the others wait');

    const refusedAt = replies.findIndex(Boolean);
    const refused = replies[refusedAt]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'too_many_requests', error_desc: expect.stringMatching(/in flight for this account/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    // The refused URL was never called, and the account's endpoint is the one it had.
    expect(receiver.paths).not.toContain(paths[refusedAt]);
    expect(await urlsOf(account.id)).toEqual([{ url: `${receiver.url}/before`, isActive: true }]);

    receiver.release();
    await Promise.all(all);
    expect(replies.map((reply) => reply!.status).sort()).toEqual([...Array(CHECKS_PER_ACCOUNT).fill(204), 429]);
    expect((await urlsOf(account.id)).map(({ url }) => url)).not.toContain(`${receiver.url}${paths[refusedAt]}`);
    expect(receiver.paths).not.toContain(paths[refusedAt]);
    await expectAllSlotsFree(account);
  });

  // A 429 stored under its Idempotency-Key would answer the retry it invites for 24 hours.
  it('does not store the 429 under an Idempotency-Key: the retry runs', async () => {
    const account = await newAccount();
    const headers = { 'idempotency-key': `slots-${Date.now()}` };
    const holders = Array.from({ length: CHECKS_PER_ACCOUNT }, (_, i) => register(account, `/holder-${i}`));
    await waitFor(() => receiver.held.length === CHECKS_PER_ACCOUNT, 3_000, 'the account’s checks to be sent');
    const refused = await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${receiver.url}/retried` }, headers });
    expect(refused.status).toBe(429);
    receiver.release();
    await Promise.all(holders);
    receiver.answer = 200;
    const retried = await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${receiver.url}/retried` }, headers });
    expect(retried.status).toBe(204);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(receiver.paths).toContain('/retried');
  });

  it('counts each account on its own', async () => {
    const [first, second] = [await newAccount(), await newAccount()];
    const replies = [first, second].flatMap((account) => Array.from({ length: CHECKS_PER_ACCOUNT }, (_, i) => register(account, `/${account.id}/${i}`)));
    await waitFor(() => receiver.held.length === 2 * CHECKS_PER_ACCOUNT, 5_000, 'both accounts’ checks to be sent');
    receiver.release();
    expect((await Promise.all(replies)).every((reply) => reply.status === 204)).toBe(true);
  });

  it('applies to the dashboard’s registration too (POST /api/staff/webhook)', async () => {
    const staff = await staffOfNewAccount();
    const replies: (ApiResponse | undefined)[] = [];
    const all = Array.from({ length: CHECKS_PER_ACCOUNT + 1 }, (_, i) =>
      call('POST', '/api/staff/webhook', { cookie: staff.cookie, body: { webhook: `${receiver.url}/staff-${i}` } }).then((reply) => (replies[i] = reply)),
    );
    await waitFor(() => receiver.held.length === CHECKS_PER_ACCOUNT && replies.filter(Boolean).length === 1, 3_000, 'one check refused while the others wait');
    expect(replies.find(Boolean)).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
    receiver.release();
    await Promise.all(all);
  });
});

describe('outgoing registration checks per process', () => {
  it('refuses a check beyond the process’s limit with 503 and Retry-After, whatever the account', async () => {
    const accounts = await Promise.all(Array.from({ length: CHECKS_PER_PROCESS + 1 }, () => newAccount()));
    const last = accounts.at(-1)!;
    const held = accounts.slice(0, CHECKS_PER_PROCESS).map((account) => register(account, `/total/${account.id}`));
    await waitFor(() => receiver.held.length === CHECKS_PER_PROCESS, 10_000, 'the process’s checks to be sent');

    const refused = await within(register(last, '/total/last'), 3_000, 'the check beyond the process’s limit');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'service_unavailable', error_desc: expect.stringMatching(/in flight on this server/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(receiver.paths).not.toContain('/total/last');
    expect(await urlsOf(last.id)).toEqual([]);

    receiver.release();
    expect((await Promise.all(held)).every((reply) => reply.status === 204)).toBe(true);
    await expectAllSlotsFree(last);
  });
});

describe('a slot is released however the check ends', () => {
  it('when the receiver answers with an error', async () => {
    const account = await newAccount();
    receiver.answer = 500;
    const replies = await Promise.all(Array.from({ length: CHECKS_PER_ACCOUNT + 1 }, (_, i) => register(account, `/failing-${i}`)));
    expect(replies.map((reply) => reply.body.error)).toContain('webhook_unreachable');
    await expectAllSlotsFree(account);
  });

  it('when the receiver does not answer in time', async () => {
    const account = await newAccount();
    const checks = Array.from({ length: CHECKS_PER_ACCOUNT }, (_, i) =>
      registerWebhook({ accountId: account.id, url: `${receiver.url}/timeout-${i}`, allowPrivate: true, timeoutMs: 300 }),
    );
    // All at once: awaited one by one, a check that times out while an earlier one is awaited is an unhandled rejection.
    await Promise.all(checks.map((check) => expect(check).rejects.toMatchObject({ code: 'webhook_unreachable', message: expect.stringMatching(/no response within 300 ms/) })));
    await expectAllSlotsFree(account);
  });

  it('when the client goes away: the outgoing check is cancelled, nothing is written, the answer is 499', async () => {
    const account = await newAccount();
    const clients = Array.from({ length: CHECKS_PER_ACCOUNT }, () => new AbortController());
    const replies = clients.map((client, i) =>
      POST(
        new Request('http://localhost/ext/webhook', {
          method: 'POST',
          headers: { 'x-api-key': account.api_key, 'content-type': 'application/json' },
          body: JSON.stringify({ webhook: `${receiver.url}/abandoned-${i}` }),
          signal: client.signal,
        }),
        { params: Promise.resolve({}) },
      ),
    );
    await waitFor(() => receiver.held.length === CHECKS_PER_ACCOUNT, 5_000, 'the checks to be sent');
    const abandonedBefore = receiver.abandoned;
    for (const client of clients) client.abort();

    // Answered long before the 5 s ping timeout, as the client having left (not as a failed check).
    const responses = await within(Promise.all(replies), 2_000, 'the abandoned registrations');
    expect(responses.map((response) => response.status)).toEqual(Array(CHECKS_PER_ACCOUNT).fill(499));
    await waitFor(() => receiver.abandoned === abandonedBefore + CHECKS_PER_ACCOUNT, 2_000, 'the outgoing checks to be cancelled');
    expect(await urlsOf(account.id)).toEqual([]);
    await expectAllSlotsFree(account);
  });
});

import { describe, expect, it } from 'vitest';
import * as eventsRoute from '@/app/api/staff/events/route';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newStaffSession } from '@/test/fixtures';
import { accountScope } from '@/lib/platform/server/tenancy/scope';

interface ServerEvent {
  event: string;
  data: string;
}

/** Opens the event stream as a browser would and collects its events until `stop()`. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const request = new Request('http://localhost/api/staff/events', { headers: { cookie }, signal: controller.signal });
  const response = await eventsRoute.GET(request, { params: Promise.resolve({}) });
  const events: ServerEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
      }
    }
  })();
  return {
    response,
    events,
    async waitFor(predicate: (event: ServerEvent) => boolean, timeoutMs = 5_000) {
      const started = Date.now();
      while (!events.some(predicate)) {
        if (Date.now() - started > timeoutMs) throw new Error(`no such event; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      controller.abort();
      await reader.cancel().catch(() => {});
      await reading;
    },
  };
}

describe('GET /api/staff/events', () => {
  it('streams the account’s dispatch changes as they commit, and nothing of other accounts', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const { cookie } = await newStaffSession(account.id);
    const stream = await openStream(cookie);
    try {
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await stream.waitFor((event) => event.event === 'ready');

      await createDispatch({ accountId: other.id, input: dispatchBody() });
      const mine = await createDispatch({ accountId: account.id, input: dispatchBody() });
      await changeStatus({ id: mine.id, scope: accountScope(account.id), status: 'cancelled', actor: { refType: 'vendor', refId: 'v' } });

      await stream.waitFor((event) => event.event === 'change' && JSON.parse(event.data).sequence === 2);
      const changes = stream.events.filter((event) => event.event === 'change').map((event) => JSON.parse(event.data));
      expect(changes).toEqual([
        { dispatch_id: mine.id, sequence: 1, type: 'dispatch.status_updated' },
        { dispatch_id: mine.id, sequence: 2, type: 'dispatch.status_updated' },
      ]);
    } finally {
      await stream.stop();
    }
  });

  it('is for signed-in staff only', async () => {
    expect((await call('GET', '/api/staff/events')).status).toBe(401);
    expect((await call('GET', '/api/staff/events', { cookie: 'dispatch_session=forged' })).status).toBe(401);
  });
});

import { onAnyDispatchChange, onDispatchChange, whenLive, type DispatchChangeListener } from '@/lib/dispatch/server/live/dispatch-changes';
import { driverScopeRefused } from '@/lib/platform/server/tenancy/scope-filters';
import { assertScope, type Scope } from '@/lib/platform/server/tenancy/scope';

const HEARTBEAT_MS = 20_000;

/**
 * Server-sent events of the dispatch changes within the scope (one account's, or with the
 * platform's every account's, each change naming its `account_id`: the admin console; a driver
 * scope is refused): `event: change` with `{ dispatch_id, sequence, type }`, `event: resync`
 * when changes may have been missed, and a comment every 20 s so proxies keep the connection
 * open. Ends when the browser goes away.
 */
export function dispatchChangeStream(options: { scope: Scope; signal: AbortSignal }): Response {
  const scope = assertScope(options.scope);
  if (scope.kind === 'driver') throw driverScopeRefused(scope);
  const isEveryAccount = scope.kind === 'platform';
  const listen = (listener: DispatchChangeListener) =>
    scope.kind === 'platform' ? onAnyDispatchChange(listener) : onDispatchChange(scope.accountId, listener);
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = listen((change) => {
        if (change === 'resync') send('event: resync\ndata: {}\n\n');
        else {
          const data = { dispatch_id: change.dispatchId, sequence: change.sequence, type: change.type };
          send(`event: change\ndata: ${JSON.stringify(isEveryAccount ? { ...data, account_id: change.accountId } : data)}\n\n`);
        }
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      options.signal.addEventListener('abort', () => stop(), { once: true });
      // `ready` once the database LISTEN is live: anything changed before it must be re-read,
      // which the browser does on `ready`. `retry` sets EventSource's reconnect delay.
      void whenLive().then(() => send('retry: 2000\nevent: ready\ndata: {}\n\n'));
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}

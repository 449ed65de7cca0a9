import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The outbox when the server asks for an entry again (a retryable answer): it keeps the order,
// and goes again when the server's `retry-after` says, not only at the runtime's 15 s interval.
// Without IndexedDB (Node) the outbox keeps its entries in memory, as on a browser without it.

const POSITIONS = '/api/driver/positions';
const DELIVER = '/api/driver/jobs/dsp_1/deliver';

const busy = (retryAfter?: string) =>
  new Response(JSON.stringify({ error: 'service_unavailable', error_desc: 'send it again' }), {
    status: 503,
    headers: { 'content-type': 'application/json', ...(retryAfter !== undefined && { 'retry-after': retryAfter }) },
  });
const ok = () => Response.json({ data: {} });

async function outboxAnswering(answers: Response[]) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      sent.push(path);
      return answers.shift() ?? ok();
    }),
  );
  const outbox = await import('./outbox');
  await outbox.startOutbox('drv_1');
  const submit = (kind: 'positions' | 'deliver', path: string) => outbox.submit({ kind, path, dispatchId: kind === 'deliver' ? 'dsp_1' : null, contentType: 'application/json', body: '{}' });
  return { outbox, sent, submit };
}

describe('the outbox asked to send again', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends what waits when `retry-after` says, in the order made: a "Delivered" behind a refused position is not held for the interval', async () => {
    const { outbox, sent, submit } = await outboxAnswering([busy('1'), busy('1')]);
    expect(await submit('positions', POSITIONS)).toEqual({ state: 'queued' });
    // "Delivered" tries at once, behind the position, which is refused for now again.
    expect(await submit('deliver', DELIVER)).toEqual({ state: 'queued' });
    expect(sent).toEqual([POSITIONS, POSITIONS]);
    expect(outbox.pendingEntries().map((entry) => entry.kind)).toEqual(['positions', 'deliver']);

    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([POSITIONS, POSITIONS, POSITIONS, DELIVER]);
    expect(outbox.pendingEntries()).toEqual([]);
  });

  it('leaves an answer without `retry-after`, or with one longer than the interval, to the interval', async () => {
    const { outbox, sent, submit } = await outboxAnswering([busy(), busy('120')]);
    expect(await submit('positions', POSITIONS)).toEqual({ state: 'queued' });
    await vi.advanceTimersByTimeAsync(outbox.RETRY_SYNC_MS);
    expect(sent).toHaveLength(1);

    await outbox.flush();
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(outbox.RETRY_SYNC_MS);
    expect(sent).toHaveLength(2);
    expect(outbox.pendingEntries()).toHaveLength(1);
  });
});

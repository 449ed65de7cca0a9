import { describe, expect, it } from 'vitest';
import { admit } from '@/lib/platform/server/db/admission';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** One event-loop turn: an immediate queued from inside an immediate runs on the next turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function turns(count: number) {
  for (let i = 0; i < count; i++) await nextTurn();
}

/** One place: a run admitted through `first` holds it, so one through `second` starts only once it is given back. */
async function expectOnePlace(first: typeof admit, second: typeof admit) {
  const gate = deferred();
  let isSecondStarted = false;
  const holding = first(1, () => gate.promise);
  const waiting = second(1, async () => {
    isSecondStarted = true;
  });
  await turns(3);
  expect(isSecondStarted).toBe(false);
  gate.resolve();
  await Promise.all([holding, waiting]);
  expect(isSecondStarted).toBe(true);
}

describe('admit', () => {
  it('runs at most `limit` at once, first come first served', async () => {
    const order: number[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, i) =>
      admit(2, async () => {
        order.push(i);
        await gate.promise;
      }),
    );
    await turns(3);
    expect(order).toEqual([0, 1]);
    gates[1]!.resolve();
    await turns(3);
    expect(order).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await Promise.all(runs);
  });

  // A regression test: when every waiting request was admitted in the turn that freed a place,
  // one turn ran fifty requests' queries and Node, which accepts one connection per turn, kept
  // the last connections of a burst waiting for seconds.
  it('admits at most two requests per event-loop turn, even with free places', async () => {
    const started: number[] = [];
    let turn = 0;
    let isCounting = true;
    const count = () => {
      if (!isCounting) return;
      turn++;
      setImmediate(count);
    };
    setImmediate(count);
    const runs = Array.from({ length: 6 }, () =>
      admit(10, async () => {
        started.push(turn);
      }),
    );
    await Promise.all(runs);
    isCounting = false;
    const perTurn = new Map<number, number>();
    for (const at of started) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBe(2);
    expect(perTurn.size).toBe(3);
  });

  it('is one gate per process even when the module is loaded twice (Next bundles it per route)', async () => {
    // @ts-expect-error a second instance of the module, as a second route bundle has
    const { admit: admitElsewhere } = (await import('@/lib/platform/server/db/admission?second-bundle')) as typeof import('@/lib/platform/server/db/admission');
    expect(admitElsewhere).not.toBe(admit);
    await expectOnePlace(admit, admitElsewhere);
  });

  it('lets a request whose client left while it waited out of the queue, unrun, and keeps the place count', async () => {
    const first = deferred();
    const started: string[] = [];
    const running = admit(1, async () => {
      started.push('first');
      await first.promise;
    });
    const leaving = new AbortController();
    const left = admit(
      1,
      async () => {
        started.push('left');
      },
      leaving.signal,
    );
    const last = admit(1, async () => {
      started.push('last');
    });
    await turns(3);
    leaving.abort(new Error('client closed'));
    await expect(left).rejects.toThrow('client closed');
    first.resolve();
    await Promise.all([running, last]);
    expect(started).toEqual(['first', 'last']);
    // The gate is whole again: one place, taken and given back.
    await expectOnePlace(admit, admit);
  });

  it('does not queue a request whose client has already left', async () => {
    let isRun = false;
    const signal = AbortSignal.abort(new Error('gone'));
    await expect(
      admit(
        1,
        async () => {
          isRun = true;
        },
        signal,
      ),
    ).rejects.toThrow('gone');
    expect(isRun).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { admit } from '@/lib/db/admission';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
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
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1]);
    gates[1]!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await Promise.all(runs);
  });

  it('is one gate per process even when the module is loaded twice (Next bundles it per route)', async () => {
    // @ts-expect-error a second instance of the module, as a second route bundle has
    const { admit: admitElsewhere } = (await import('@/lib/db/admission?second-bundle')) as typeof import('@/lib/db/admission');
    expect(admitElsewhere).not.toBe(admit);
    const gate = deferred();
    let started = false;
    const first = admit(1, () => gate.promise);
    const second = admitElsewhere(1, async () => {
      started = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(false);
    gate.resolve();
    await Promise.all([first, second]);
    expect(started).toBe(true);
  });
});

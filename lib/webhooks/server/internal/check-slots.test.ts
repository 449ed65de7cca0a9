import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { CHECKS_PER_ACCOUNT, CHECKS_PER_PROCESS, createCheckSlots, registrationCheckSlots } from '@/lib/webhooks/server/internal/check-slots';

// Regression: outgoing registration checks were unbounded; these are the slots that bound them.

/** A check that runs until `finish` or `fail` is called. */
function pendingCheck() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { run: () => promise, finish, fail };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createCheckSlots', () => {
  it('refuses one check beyond the account’s limit at once (no queue) with too_many_requests and the seconds until a slot frees', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const slots = createCheckSlots({ perAccount: 2, perProcess: 10 });
    const [first, second] = [pendingCheck(), pendingCheck()];
    const running = [slots.run({ accountId: 'a', timeoutMs: 5_000 }, first.run), slots.run({ accountId: 'a', timeoutMs: 3_000 }, second.run)];
    vi.setSystemTime(1_200);
    const check = vi.fn(async () => 'never');
    const error = await refusal(slots.run({ accountId: 'a', timeoutMs: 5_000 }, check));
    expect(check).not.toHaveBeenCalled();
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfterSeconds).toBe(2); // the 3 s check started 1.2 s ago
    expect(error.message).toMatch(/at most 2 at once\); retry in 2 s$/);
    // Another account is not held back.
    await expect(slots.run({ accountId: 'b', timeoutMs: 5_000 }, async () => 'b')).resolves.toBe('b');
    first.finish('one');
    second.finish('two');
    await expect(Promise.all(running)).resolves.toEqual(['one', 'two']);
  });

  it('refuses a check beyond the process’s limit with service_unavailable, whichever account', async () => {
    const slots = createCheckSlots({ perAccount: 2, perProcess: 3 });
    const checks = ['a', 'b', 'c'].map((accountId) => {
      const check = pendingCheck();
      return { check, running: slots.run({ accountId, timeoutMs: 5_000 }, check.run) };
    });
    const error = await refusal(slots.run({ accountId: 'd', timeoutMs: 5_000 }, async () => 'd'));
    expect(error.code).toBe('service_unavailable');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(5);
    for (const { check } of checks) check.finish('done');
    await Promise.all(checks.map(({ running }) => running));
    await expect(slots.run({ accountId: 'd', timeoutMs: 5_000 }, async () => 'd')).resolves.toBe('d');
  });

  it('answers 429 rather than 503 when the account holds all of its own slots', async () => {
    const slots = createCheckSlots({ perAccount: 1, perProcess: 1 });
    const check = pendingCheck();
    const running = slots.run({ accountId: 'a', timeoutMs: 5_000 }, check.run);
    expect((await refusal(slots.run({ accountId: 'a', timeoutMs: 5_000 }, async () => 'x'))).code).toBe('too_many_requests');
    expect((await refusal(slots.run({ accountId: 'b', timeoutMs: 5_000 }, async () => 'x'))).code).toBe('service_unavailable');
    check.finish('done');
    await running;
  });

  it.each([
    ['succeeds', (check: ReturnType<typeof pendingCheck>) => check.finish('ok')],
    ['fails', (check: ReturnType<typeof pendingCheck>) => check.fail(new Error('HTTP 500'))],
    ['times out', (check: ReturnType<typeof pendingCheck>) => check.fail(new Error('no response within 5000 ms'))],
    ['is cancelled by the client going away', (check: ReturnType<typeof pendingCheck>) => check.fail(new DOMException('aborted', 'AbortError'))],
  ])('releases both slots when the check %s', async (_, end) => {
    const slots = createCheckSlots({ perAccount: 1, perProcess: 1 });
    const check = pendingCheck();
    const running = slots.run({ accountId: 'a', timeoutMs: 5_000 }, check.run).catch(() => 'ended');
    expect([slots.inFlightOf('a'), slots.inFlight()]).toEqual([1, 1]);
    end(check);
    await running;
    expect([slots.inFlightOf('a'), slots.inFlight()]).toEqual([0, 0]);
    await expect(slots.run({ accountId: 'b', timeoutMs: 5_000 }, async () => 'next')).resolves.toBe('next');
  });
});

describe('registrationCheckSlots', () => {
  it('is one set of slots for the process, with the documented limits', async () => {
    expect(registrationCheckSlots()).toBe(registrationCheckSlots());
    expect([CHECKS_PER_ACCOUNT, CHECKS_PER_PROCESS]).toEqual([2, 16]);
    const checks = Array.from({ length: CHECKS_PER_ACCOUNT }, () => pendingCheck());
    const running = checks.map((check) => registrationCheckSlots().run({ accountId: 'a', timeoutMs: 5_000 }, check.run));
    expect((await refusal(registrationCheckSlots().run({ accountId: 'a', timeoutMs: 5_000 }, async () => 'x'))).code).toBe('too_many_requests');
    for (const check of checks) check.finish('done');
    await Promise.all(running);
    expect(registrationCheckSlots().inFlight()).toBe(0);
  });
});

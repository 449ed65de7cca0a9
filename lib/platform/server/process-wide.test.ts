import { describe, expect, it } from 'vitest';
import { forgetProcessWide, peekProcessWide, processWide } from '@/lib/platform/server/process-wide';

describe('processWide', () => {
  it('creates a value once per process, even for a second copy of the module (a second route bundle)', async () => {
    // @ts-expect-error a second instance of the module, as a second route bundle has
    const second = (await import('@/lib/platform/server/process-wide?second-bundle')) as typeof import('@/lib/platform/server/process-wide');
    expect(second.processWide).not.toBe(processWide);
    let created = 0;
    const value = processWide('test:once', () => ({ n: ++created }));
    expect(second.processWide('test:once', () => ({ n: ++created }))).toBe(value);
    expect(created).toBe(1);
    forgetProcessWide('test:once');
  });

  it('peeks without creating, and creates again after forgetting', () => {
    expect(peekProcessWide('test:forget')).toBeUndefined();
    const first = processWide('test:forget', () => ({}));
    expect(peekProcessWide('test:forget')).toBe(first);
    forgetProcessWide('test:forget');
    expect(peekProcessWide('test:forget')).toBeUndefined();
    expect(processWide('test:forget', () => ({}))).not.toBe(first);
    forgetProcessWide('test:forget');
  });
});

import { describe, expect, it } from 'vitest';
import { batchesOf, distanceM, isWorthKeeping, MAX_BATCH, type Fix } from './position-throttle';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();
const fix = (lat: number, lng: number, seconds: number): Fix => ({ lat, lng, at: at(seconds) });

describe('position throttle', () => {
  it('measures distances on the globe (0.001° of latitude is about 111 m)', () => {
    expect(distanceM({ lat: 24.7, lng: 46.7 }, { lat: 24.701, lng: 46.7 })).toBeCloseTo(111.2, 0);
    expect(distanceM({ lat: 24.7, lng: 46.7 }, { lat: 24.7, lng: 46.7 })).toBe(0);
  });

  it('keeps the first fix, then one per 10 s while parked, and one per 50 m while moving', () => {
    const first = fix(24.7, 46.7, 0);
    expect(isWorthKeeping(first, null)).toBe(true);
    // Parked: GPS jitter of a few metres a second later is dropped, the fix 10 s later kept.
    expect(isWorthKeeping(fix(24.70001, 46.7, 1), first)).toBe(false);
    expect(isWorthKeeping(fix(24.70001, 46.7, 9), first)).toBe(false);
    expect(isWorthKeeping(fix(24.70001, 46.7, 10), first)).toBe(true);
    // Moving: 55 m after 3 s is kept, 40 m is not.
    expect(isWorthKeeping(fix(24.7005, 46.7, 3), first)).toBe(true);
    expect(isWorthKeeping(fix(24.70036, 46.7, 3), first)).toBe(false);
  });

  it('sends at most MAX_BATCH fixes per request, oldest first', () => {
    const fixes = Array.from({ length: MAX_BATCH * 2 + 3 }, (_, index) => fix(24.7 + index / 1000, 46.7, index));
    const batches = batchesOf(fixes);
    expect(batches.map((batch) => batch.length)).toEqual([MAX_BATCH, MAX_BATCH, 3]);
    expect(batches.flat()).toEqual(fixes);
    expect(batchesOf([])).toEqual([]);
  });
});

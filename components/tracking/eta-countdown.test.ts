import { describe, expect, it } from 'vitest';
import { arrivalOf, minutesLeft } from '@/components/tracking/eta-countdown';

const eta = { minutes: 7, time: '2026-11-23 04:10:00.000' };
const made = Date.parse('2026-11-23T04:10:00.000Z');

describe('ETA countdown', () => {
  it('expects the driver `minutes` after the estimate was made', () => {
    expect(arrivalOf(eta).toISOString()).toBe('2026-11-23T04:17:00.000Z');
  });

  it('counts the estimate down in whole minutes, rounded up', () => {
    expect(minutesLeft(eta, made)).toBe(7);
    expect(minutesLeft(eta, made + 90_000)).toBe(6);
    expect(minutesLeft(eta, made + 6 * 60_000 + 30_000)).toBe(1);
  });

  it('never shows more than was estimated, even when the phone’s clock is behind', () => {
    expect(minutesLeft(eta, made - 5 * 60_000)).toBe(7);
  });

  it('stops at zero once the expected arrival has passed', () => {
    expect(minutesLeft(eta, made + 7 * 60_000)).toBe(0);
    expect(minutesLeft(eta, made + 60 * 60_000)).toBe(0);
  });
});

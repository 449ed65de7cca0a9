import { describe, expect, it } from 'vitest';
import { attentionOf, NO_DRIVER_AFTER_MIN, PICKUP_LATE_AFTER_MIN } from '@/lib/dispatch/shared/attention';

const T0 = Date.parse('2026-11-27T18:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString().replace('T', ' ').replace('Z', '');
const history = (...statuses: string[]) => statuses.map((status) => ({ status }));
const dispatch = (overrides: Partial<Parameters<typeof attentionOf>[0]> = {}) => ({
  status: history('new'),
  created_at: at(0),
  ready_at: null,
  pickup_ready_at: null,
  dropoff_deadline: null,
  ...overrides,
});
const now = (minutes: number) => T0 + minutes * 60_000;

describe('which dispatches stand out', () => {
  it('a dispatch with no driver, once NO_DRIVER_AFTER_MIN have passed', () => {
    expect(attentionOf(dispatch(), now(NO_DRIVER_AFTER_MIN - 1))).toBeNull();
    expect(attentionOf(dispatch(), now(NO_DRIVER_AFTER_MIN + 2))).toEqual({ reason: 'no_driver', minutes: NO_DRIVER_AFTER_MIN + 2 });
  });

  it('a scheduled one only after its planned pickup', () => {
    const scheduled = dispatch({ pickup_ready_at: at(60) });
    expect(attentionOf(scheduled, now(30))).toBeNull();
    expect(attentionOf(scheduled, now(60 + NO_DRIVER_AFTER_MIN + 1))).toEqual({ reason: 'no_driver', minutes: NO_DRIVER_AFTER_MIN + 1 });
  });

  it('food not picked up PICKUP_LATE_AFTER_MIN after the kitchen said ready (or planned it)', () => {
    const waiting = dispatch({ status: history('new', 'assigned', 'accepted', 'near_pickup'), ready_at: at(5) });
    expect(attentionOf(waiting, now(5 + PICKUP_LATE_AFTER_MIN))).toBeNull();
    expect(attentionOf(waiting, now(5 + PICKUP_LATE_AFTER_MIN + 3))).toEqual({ reason: 'pickup_late', minutes: PICKUP_LATE_AFTER_MIN + 3 });
    // Without a ready time, nobody can say it is late.
    expect(attentionOf(dispatch({ status: history('new', 'assigned') }), now(120))).toBeNull();
  });

  it('a passed delivery deadline before delivery; nothing once delivered or cancelled', () => {
    const promised = dispatch({ status: history('new', 'assigned', 'accepted', 'picked_up'), dropoff_deadline: at(40) });
    expect(attentionOf(promised, now(39))).toBeNull();
    expect(attentionOf(promised, now(45))).toEqual({ reason: 'deadline_passed', minutes: 5 });
    for (const end of ['delivered', 'cancelled', 'qa_qc', 'dispatch_rejected']) {
      expect(attentionOf({ ...promised, status: history('new', end) }, now(300)), end).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { LIFECYCLE_STATUSES, MARKER_STATUSES, TRANSITIONS, canCancelOrder, canRecordStatus, driverNextStatuses, nextStatuses } from '@/lib/dispatch/shared/transitions/statuses';

describe('transition table', () => {
  it('is the documented one', () => {
    expect(TRANSITIONS).toEqual({
      new: ['dispatch_accepted', 'dispatch_rejected', 'assigned', 'cancelled'],
      dispatch_accepted: ['assigned', 'cancelled'],
      dispatch_rejected: [],
      assigned: ['accepted', 'assigned', 'cancelled'],
      accepted: ['ready_for_pickup', 'picked_up', 'cancelled'],
      ready_for_pickup: ['picked_up', 'cancelled'],
      picked_up: ['delivered', 'cancelled'],
      delivered: ['qa_qc'],
      qa_qc: [],
      cancelled: [],
    });
  });

  it('allows markers only in their states and never changes lifecycle targets into markers', () => {
    for (const from of LIFECYCLE_STATUSES) {
      expect(canRecordStatus(from, 'near_pickup')).toBe(['assigned', 'accepted', 'ready_for_pickup'].includes(from));
      expect(canRecordStatus(from, 'near_destination')).toBe(from === 'picked_up');
    }
    expect(Object.values(TRANSITIONS).flat().some((to) => (MARKER_STATUSES as readonly string[]).includes(to))).toBe(false);
  });

  it('lists the next statuses, lifecycle moves first', () => {
    expect(nextStatuses('accepted')).toEqual(['ready_for_pickup', 'picked_up', 'cancelled', 'near_pickup']);
    expect(nextStatuses('cancelled')).toEqual([]);
  });

  it('has no way out of the terminal states but QA after delivery', () => {
    expect(nextStatuses('qa_qc')).toEqual([]);
    expect(nextStatuses('dispatch_rejected')).toEqual([]);
    expect(nextStatuses('delivered')).toEqual(['qa_qc']);
  });

  it('lets the order be cancelled only before pickup: after it, cancelled is a failed delivery', () => {
    expect(LIFECYCLE_STATUSES.filter((state) => canCancelOrder(state))).toEqual(['new', 'dispatch_accepted', 'assigned', 'accepted', 'ready_for_pickup']);
    expect(canRecordStatus('picked_up', 'cancelled')).toBe(true);
    expect(canCancelOrder('picked_up')).toBe(false);
  });

  it("offers the driver's buttons: the next statuses a driver records, from the same table", () => {
    expect(Object.fromEntries(LIFECYCLE_STATUSES.map((state) => [state, driverNextStatuses(state)]))).toEqual({
      new: [],
      dispatch_accepted: [],
      dispatch_rejected: [],
      assigned: ['accepted'],
      accepted: ['picked_up'],
      ready_for_pickup: ['picked_up'],
      picked_up: ['delivered'],
      delivered: [],
      qa_qc: [],
      cancelled: [],
    });
    for (const state of LIFECYCLE_STATUSES) for (const next of driverNextStatuses(state)) expect(canRecordStatus(state, next)).toBe(true);
  });
});

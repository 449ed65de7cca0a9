import { describe, expect, it } from 'vitest';
import { LIFECYCLE_STATUSES, MARKER_STATUSES, TRANSITIONS, canRecordStatus, nextStatuses } from '@/lib/transitions/statuses';

describe('transition table', () => {
  it('is the documented one', () => {
    expect(TRANSITIONS).toEqual({
      new: ['dispatch_accepted', 'dispatch_rejected', 'assigned', 'cancelled'],
      dispatch_accepted: ['assigned', 'cancelled'],
      dispatch_rejected: [],
      assigned: ['accepted', 'assigned', 'cancelled'],
      accepted: ['ready_for_pickup', 'picked_up', 'cancelled'],
      ready_for_pickup: ['picked_up', 'cancelled'],
      picked_up: ['delivered'],
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
});

import { describe, expect, it } from 'vitest';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';

describe('currentStatus', () => {
  it('is the last lifecycle entry of the history', () => {
    expect(currentStatus([{ status: 'new' }, { status: 'assigned' }, { status: 'accepted' }])).toBe('accepted');
  });

  it('skips marker entries recorded after the state', () => {
    expect(currentStatus([{ status: 'new' }, { status: 'assigned' }, { status: 'near_pickup' }])).toBe('assigned');
  });

  it('is new for an empty history', () => {
    expect(currentStatus([])).toBe('new');
  });
});

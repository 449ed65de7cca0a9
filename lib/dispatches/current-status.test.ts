import { describe, expect, it } from 'vitest';
import { currentStatus } from '@/lib/dispatches/current-status';
import { LIFECYCLE_STATUSES as ZOD_FREE_LIFECYCLE, MARKER_STATUSES as ZOD_FREE_MARKERS } from '@/lib/dispatches/lifecycle-statuses';
import { LIFECYCLE_STATUSES, MARKER_STATUSES } from '@/lib/dispatches/statuses';

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

// The zod-free copy for the browser must not drift from the lifecycle the API enforces.
describe('lifecycle-statuses', () => {
  it('names the same statuses as statuses.ts', () => {
    expect(ZOD_FREE_LIFECYCLE).toEqual(LIFECYCLE_STATUSES);
    expect(ZOD_FREE_MARKERS).toEqual(MARKER_STATUSES);
  });
});

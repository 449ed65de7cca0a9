import { describe, expect, it } from 'vitest';
import { pruneSnapshot, type Snapshot } from './offline-snapshots';

// Regression: a finished job's copies were dropped only in the language of its last read, and a
// list's copy kept jobs taken from the driver, so a gate code stayed on the phone for a day.

const job = (id: string): Snapshot => ({ key: `drv_1 ["driver","jobs","${id}","en"]`, driverId: 'drv_1', jobIds: [id], data: { id, customer: { first_name: 'Nadia' } }, savedAt: 1 });
const list: Snapshot = {
  key: 'drv_1 ["driver","jobs","list","ar"]',
  driverId: 'drv_1',
  jobIds: ['dsp_1', 'dsp_2'],
  data: [{ id: 'dsp_1' }, { id: 'dsp_2' }],
  savedAt: 1,
};

describe('pruneSnapshot', () => {
  it('drops the copy of a job that is gone', () => {
    expect(pruneSnapshot(job('dsp_1'), (id) => id === 'dsp_1')).toBeNull();
  });

  it('leaves a copy that holds none of the gone jobs as it is', () => {
    const copy = job('dsp_2');
    expect(pruneSnapshot(copy, (id) => id === 'dsp_1')).toBe(copy);
  });

  it('takes a gone job out of a list, and drops a list left empty', () => {
    expect(pruneSnapshot(list, (id) => id === 'dsp_1')).toEqual({ ...list, jobIds: ['dsp_2'], data: [{ id: 'dsp_2' }] });
    expect(pruneSnapshot(list, () => true)).toBeNull();
  });
});

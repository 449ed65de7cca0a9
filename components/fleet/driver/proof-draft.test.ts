import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSnapshot, pruneSnapshot, readSnapshot } from './offline-snapshots';
import { keepProofDraft, readProofDraft } from './proof-draft';

// The proof kept on the phone before "Delivered" is one of the job's copies: it goes with them.

vi.mock('./offline-snapshots', async (original) => ({
  ...(await original<typeof import('./offline-snapshots')>()),
  keepSnapshot: vi.fn(async () => {}),
  readSnapshot: vi.fn(async () => undefined),
}));

const photo = new Blob(['jpeg'], { type: 'image/jpeg' });

describe('the proof kept on the phone', () => {
  beforeEach(() => vi.clearAllMocks());

  it('is kept as a copy of its job (so a finished or reassigned job, a sign-out, another driver drop it)', async () => {
    await keepProofDraft('dsp_1', { photo });
    expect(keepSnapshot).toHaveBeenCalledWith('proof dsp_1', { photo }, ['dsp_1']);
    const record = { key: 'drv_1 proof dsp_1', driverId: 'drv_1', jobIds: ['dsp_1'], data: { photo }, savedAt: 1 };
    expect(pruneSnapshot(record, (id) => id === 'dsp_1')).toBeNull();
    expect(pruneSnapshot(record, (id) => id === 'dsp_2')).toBe(record);
  });

  it('is dropped when emptied (a photo taken back, a signature cleared) or handed to the outbox', async () => {
    await keepProofDraft('dsp_1', { photo: undefined, signature: undefined });
    await keepProofDraft('dsp_1', null);
    expect(vi.mocked(keepSnapshot).mock.calls).toEqual([
      ['proof dsp_1', null, ['dsp_1']],
      ['proof dsp_1', null, ['dsp_1']],
    ]);
  });

  it('reads back only images', async () => {
    vi.mocked(readSnapshot).mockResolvedValueOnce({ photo, signature: 'not an image' });
    expect(await readProofDraft('dsp_1')).toEqual({ photo });
    vi.mocked(readSnapshot).mockResolvedValueOnce({ photo: 'nope' });
    expect(await readProofDraft('dsp_1')).toBeNull();
    expect(await readProofDraft('dsp_1')).toBeNull();
    expect(readSnapshot).toHaveBeenLastCalledWith('proof dsp_1');
  });
});

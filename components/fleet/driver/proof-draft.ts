import { keepSnapshot, readSnapshot } from './offline-snapshots';

// The proof taken at the door before "Delivered" (the photo, the customer's signature), kept on
// the phone so a reload, or the phone killing the tab, does not lose it. It is kept as one of the
// job's copies (offline-snapshots.ts: the signed-in driver's key, the job's id in `jobIds`), so it
// goes with them: when the job is finished or taken away (forgetJob, keepOnlyJobs), when the
// phone changes hands (claimPhone) and at sign-out (forgetSnapshots); and the proof form drops
// it once the delivery that carries it has been handed to the outbox. Imported by the proof form
// only, which is loaded on demand: nothing here is in the first load.

export interface ProofDraft {
  photo?: Blob;
  signature?: Blob;
}

/** The copy's id, beside the queries' (JSON arrays, so never the same). */
const draftId = (jobId: string) => `proof ${jobId}`;

/** The proof kept for `jobId`, if any (less than a day old, the signed-in driver's). */
export async function readProofDraft(jobId: string): Promise<ProofDraft | null> {
  const draft = (await readSnapshot(draftId(jobId))) as ProofDraft | undefined;
  if (!draft || typeof draft !== 'object') return null;
  const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;
  const kept: ProofDraft = { ...(isBlob(draft.photo) && { photo: draft.photo }), ...(isBlob(draft.signature) && { signature: draft.signature }) };
  return kept.photo || kept.signature ? kept : null;
}

/** Keeps `draft` for `jobId`, or drops it (null, or nothing in it). Never throws. */
export function keepProofDraft(jobId: string, draft: ProofDraft | null): Promise<void> {
  const isEmpty = !draft || (!draft.photo && !draft.signature);
  return keepSnapshot(draftId(jobId), isEmpty ? null : draft, [jobId]);
}

import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { applyChange, dispatchNotFound, lockDispatch, TX_OPTIONS } from '@/lib/dispatches/apply-change';
import { statusRefused } from '@/lib/dispatches/status-refused';
import { getDriverJob } from '@/lib/driver-jobs/get-driver-job';
import { driverActor, driverIdOf, proofOf } from '@/lib/driver-jobs/job-view';
import { forgetPinAttempts, isRightPin, reservePinAttempt, type PinAttempt } from '@/lib/driver-jobs/pin-attempts';
import type { DriverJobLocale, Job } from '@/lib/driver-jobs/schemas';
import { mediaUrlOf } from '@/lib/media/media-url';
import type { DriverScope } from '@/lib/tenancy/scope';
import { canRecordStatus, isLifecycleStatus } from '@/lib/transitions/statuses';

/** The proof images a delivery carries, by the record's `media_url` key. */
const PROOF_KINDS = ['photo', 'signature'] as const;

/**
 * The driver records `delivered` with the proof the account requires (accounts.proof_of_delivery):
 * - `photo` / `signature`: an image of that kind uploaded for the dispatch (POST …/media);
 * - `pin`: the customer's 4-digit code (dispatches.delivery_pin, on their tracking page), at
 *   most MAX_WRONG_PINS wrong tries per dispatch in 15 minutes, then 429;
 * refused with 400 `proof_required` / `pin_incorrect` without it. The latest photo and signature
 * become the record's `media_url` (`$PUBLIC_URL/ext/media/{id}`) in the transaction that records
 * `delivered`, so the vendor's webhook carries them. A dispatch created before PINs existed has
 * none to check: its PIN requirement is waived.
 */
export async function deliverJob(options: { scope: DriverScope; id: string; pin?: string; locale?: DriverJobLocale }): Promise<Job> {
  const { scope, id } = options;
  const found = await db().dispatch.findUnique({
    where: { id },
    select: { assignedDriverId: true, state: true, deliveryPin: true, account: { select: { proofOfDelivery: true } } },
  });
  if (!found || found.assignedDriverId !== driverIdOf(scope)) throw dispatchNotFound(id);
  const proof = proofOf(found.account.proofOfDelivery);
  const expectedPin = proof === 'pin' ? found.deliveryPin : null;
  let attempt: PinAttempt | null = null;
  if (expectedPin !== null) {
    if (!options.pin) throw new DomainError('proof_required', 'pin: the customer’s delivery PIN is required; it is on their tracking page');
    // Only a delivery the table allows now spends a try.
    if (isLifecycleStatus(found.state) && canRecordStatus(found.state, 'delivered')) attempt = await reservePinAttempt({ dispatchId: id });
  }
  await db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, { id, scope });
    if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'delivered')) throw statusRefused(current.state, 'delivered');
    const media = await tx.dispatchMedia.findMany({
      where: { dispatchId: id, kind: { in: [...PROOF_KINDS] } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, kind: true },
    });
    // The latest of each kind: a retaken photo replaces the first.
    const latest = new Map(media.map((row) => [row.kind, row.id]));
    if ((proof === 'photo' || proof === 'signature') && !latest.has(proof)) {
      throw new DomainError('proof_required', `A ${proof} of the delivery is required: upload one (POST /api/driver/jobs/${id}/media?kind=${proof}) first`);
    }
    if (expectedPin !== null) {
      if (!isRightPin(expectedPin, options.pin ?? '')) throw new DomainError('pin_incorrect', 'pin: this is not the customer’s delivery PIN');
      if (attempt) await forgetPinAttempts(tx, attempt);
    }
    const mediaUrl = Object.fromEntries([...latest].map(([kind, mediaId]) => [kind, mediaUrlOf(mediaId)]));
    await applyChange(tx, current, {
      data: { state: 'delivered', ...(latest.size > 0 && { mediaUrl }) },
      actor: driverActor(scope),
      status: 'delivered',
      events: ['dispatch.status_updated'],
    });
  }, TX_OPTIONS);
  return getDriverJob(options);
}

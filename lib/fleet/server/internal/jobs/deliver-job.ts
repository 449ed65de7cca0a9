import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS } from '@/lib/dispatch/server/apply-change';
import { statusRefused } from '@/lib/dispatch/server/status-refused';
import { getDriverJob } from '@/lib/fleet/server/internal/jobs/get-driver-job';
import { driverActor, proofOf } from '@/lib/fleet/server/internal/jobs/job-view';
import { forgetPinAttempts, isRightPin, reservePinAttempt } from '@/lib/fleet/server/internal/jobs/pin-attempts';
import type { DriverJobLocale, Job } from '@/lib/fleet/server/internal/jobs/schemas';
import { mediaUrlOf } from '@/lib/dispatch/server/media/media-url';
import type { DriverScope } from '@/lib/platform/server/tenancy/scope';
import { canRecordStatus, isLifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';

/** The proof images a delivery carries, by the record's `media_url` key. */
const PROOF_KINDS = ['photo', 'signature'] as const;

/** A cash order: the driver collects the price at the door and confirms the amount on delivery. */
export function isCashOnDelivery(vendorPayload: unknown): boolean {
  const paymentType = (vendorPayload as { payment_type?: unknown } | null)?.payment_type;
  return typeof paymentType === 'string' && paymentType.toUpperCase() === 'CASH';
}

/** What the delivery's transaction decided: delivered, or a wrong PIN whose spent try it committed. */
type Outcome = 'delivered' | 'pin_incorrect';

/**
 * The driver records `delivered` with the proof the account requires (accounts.proof_of_delivery):
 * - `photo` / `signature`: an image of that kind uploaded for the dispatch (POST …/media);
 * - `pin`: the customer's 4-digit code (dispatches.delivery_pin, on their tracking page), at
 *   most MAX_WRONG_PINS wrong tries per dispatch in 15 minutes, then 429;
 * refused with 400 `proof_required` / `pin_incorrect` without it. A cash order also needs the
 * amount of cash the driver collected (`cash_collected`, kept on the record for the restaurant).
 * The PIN's check is kept as `pin_checked_at`. The latest photo and signature
 * become the record's `media_url` (`$PUBLIC_URL/ext/media/{id}`) in the transaction that records
 * `delivered`, so the vendor's webhook carries them. A dispatch created before PINs existed has
 * none to check: its PIN requirement is waived.
 *
 * Everything is decided under the dispatch's row lock, in one transaction: whether the table
 * allows `delivered`, the PIN try (reserved there, before the comparison), and the comparison. A
 * wrong PIN commits only its spent try and is answered after the commit; a delivery racing a
 * pickup or other deliveries can never compare a PIN without paying for it.
 */
export async function deliverJob(options: { scope: DriverScope; id: string; pin?: string; cashCollected?: number; locale?: DriverJobLocale }): Promise<Job> {
  const { scope, id } = options;
  const outcome = await db().$transaction(async (tx): Promise<Outcome> => {
    const current = await lockDispatch(tx, { id, scope });
    const { deliveryPin, account, vendorPayload } = await tx.dispatch.findUniqueOrThrow({
      where: { id },
      select: { deliveryPin: true, vendorPayload: true, account: { select: { proofOfDelivery: true } } },
    });
    if (isCashOnDelivery(vendorPayload) && options.cashCollected === undefined) {
      throw new DomainError('proof_required', 'cash_collected: this order is paid in cash; confirm the amount you collected');
    }
    const proof = proofOf(account.proofOfDelivery);
    const expectedPin = proof === 'pin' ? deliveryPin : null;
    if (expectedPin !== null && !options.pin) {
      throw new DomainError('proof_required', 'pin: the customer’s delivery PIN is required; it is on their tracking page');
    }
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
      const attempt = await reservePinAttempt(tx, { dispatchId: id });
      if (!isRightPin(expectedPin, options.pin ?? '')) return 'pin_incorrect';
      await forgetPinAttempts(tx, attempt);
    }
    const mediaUrl = Object.fromEntries([...latest].map(([kind, mediaId]) => [kind, mediaUrlOf(mediaId)]));
    await applyChange(tx, current, {
      columns: {
        state: 'delivered',
        ...(latest.size > 0 && { media_url: mediaUrl }),
        ...(expectedPin !== null && { pin_checked_at: new Date() }),
        ...(isCashOnDelivery(vendorPayload) && { cash_collected: options.cashCollected }),
      },
      actor: driverActor(scope),
      status: 'delivered',
      events: ['dispatch.status_updated'],
    });
    return 'delivered';
  }, TX_OPTIONS);
  if (outcome === 'pin_incorrect') throw new DomainError('pin_incorrect', 'pin: this is not the customer’s delivery PIN');
  return getDriverJob(options);
}

import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatches/apply-change';
import type { CancelReason } from '@/lib/dispatches/cancel-reasons';
import type { CancelDispatchBody, DispatchRecord } from '@/lib/dispatches/schemas';
import { statusRefused } from '@/lib/dispatches/status-refused';
import { canRecordStatus, isLifecycleStatus } from '@/lib/transitions/statuses';

/**
 * Why, as the cancel endpoints take it (`reason` required there), or as a recorded `cancelled`
 * status takes it (the ops status route, the console's bulk action): a reason is optional there,
 * and a cancellation without one shows `reason: null`.
 */
export type CancellationInput = Omit<CancelDispatchBody, 'reason'> & { reason?: CancelReason };

/**
 * Cancels a dispatch, if the transition table allows `cancelled` now (until the driver has
 * picked it up), recording why. Every cancellation goes through here (changeStatus hands
 * `cancelled` over), so the rule and what a cancellation writes live in one place. An assigned
 * driver is free at once: availability is "no dispatch in an on-duty state" (ON_DUTY_STATES),
 * and `cancelled` is not one.
 *
 * How a refusal reads depends on what the caller asked for:
 * - `as: 'cancel'` (the cancel endpoints, the default): cancelling a cancelled dispatch changes
 *   nothing and answers its record again, so a retry is safe (the first reason stands); any
 *   other refusal is `invalid_state` naming the state.
 * - `as: 'status'` (recording the `cancelled` status): refused like any status the table does
 *   not allow now, a cancelled dispatch included: `invalid_transition` listing the allowed ones.
 */
export async function cancelDispatch(
  options: DispatchCommand & {
    input: CancellationInput;
    as?: 'cancel' | 'status';
    /** The driver's photos or videos sent with the status; replaces the dispatch's media_url. */
    mediaUrl?: Record<string, string>;
  },
): Promise<DispatchRecord> {
  const isStatusChange = options.as === 'status';
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    if (current.state === 'cancelled' && !isStatusChange) {
      const { record } = await tx.dispatch.findUniqueOrThrow({ where: { id: current.id }, select: { record: true } });
      return record as unknown as DispatchRecord;
    }
    if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'cancelled')) {
      if (isStatusChange) throw statusRefused(current.state, 'cancelled');
      throw new DomainError('invalid_state', `The dispatch cannot be cancelled: it is ${current.state}`);
    }
    return applyChange(tx, current, {
      data: {
        state: 'cancelled',
        cancelReason: options.input.reason ?? null,
        cancelReasonText: options.input.reason_text || null,
        ...(options.mediaUrl && { mediaUrl: options.mediaUrl }),
      },
      actor: options.actor,
      status: 'cancelled',
      events: ['dispatch.status_updated'],
    });
  }, TX_OPTIONS);
}

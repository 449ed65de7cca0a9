import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatches/apply-change';
import type { CancelDispatchBody, DispatchRecord } from '@/lib/dispatches/schemas';
import { canRecordStatus, isLifecycleStatus } from '@/lib/transitions/statuses';

/**
 * Cancels a dispatch with a reason, if the transition table allows `cancelled` now (until the
 * driver has picked it up); otherwise `invalid_state` naming the state. Cancelling a cancelled
 * dispatch changes nothing and answers its record again, so a retry is safe; the first
 * cancellation's reason stands. An assigned driver is free at once: availability is "no
 * dispatch in an on-duty state" (ON_DUTY_STATES), and `cancelled` is not one.
 */
export async function cancelDispatch(options: DispatchCommand & { input: CancelDispatchBody }): Promise<DispatchRecord> {
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    if (current.state === 'cancelled') {
      const { record } = await tx.dispatch.findUniqueOrThrow({ where: { id: current.id }, select: { record: true } });
      return record as unknown as DispatchRecord;
    }
    if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'cancelled')) {
      throw new DomainError('invalid_state', `The dispatch cannot be cancelled: it is ${current.state}`);
    }
    return applyChange(tx, current, {
      data: { state: 'cancelled', cancelReason: options.input.reason, cancelReasonText: options.input.reason_text || null },
      actor: options.actor,
      status: 'cancelled',
      events: ['dispatch.status_updated'],
    });
  }, TX_OPTIONS);
}

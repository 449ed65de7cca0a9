import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatch/server/apply-change';
import type { CancelReason } from '@/lib/dispatch/shared/cancel-reasons';
import type { CancelDispatchBody, DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { statusRefused } from '@/lib/dispatch/server/status-refused';
import { DELIVERY_FAILED, type FailureReason } from '@/lib/dispatch/shared/failure-reasons';
import type { Scope } from '@/lib/platform/server/tenancy/scope';
import { canCancelOrder, canRecordStatus, FAILED_DELIVERY_STATES, isLifecycleStatus, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';

/**
 * Why, as the cancel endpoints take it (`reason` required there), or as a recorded `cancelled`
 * status takes it (the ops status route, the console's bulk action): a reason is optional there,
 * and a cancellation without one shows `reason: null`. A failed delivery (the driver's) gives
 * `failure` instead: the record shows reason `delivery_failed` and the failure.
 */
export type CancellationInput = Omit<CancelDispatchBody, 'reason'> & {
  reason?: CancelReason;
  failure?: { reason: FailureReason; note?: string };
};

/**
 * Who may cancel now, the one rule (the transition table says only what may follow what):
 * - before pickup (`canCancelOrder`): whoever reaches the dispatch: its vendor, staff, operators;
 * - after pickup (FAILED_DELIVERY_STATES) the order is on its way and only a failed delivery ends
 *   it: recorded by the assigned driver with its `failure`, or by an operator (the platform
 *   scope: admins and the ops API deal with what goes wrong on the road, e.g. a driver whose
 *   phone died). Vendors and staff are refused, as before the driver app;
 * - a driver cancels nothing else, and a failure is only reported after pickup.
 */
function mayCancel(state: LifecycleStatus, scope: Scope, input: CancellationInput): boolean {
  if (!canRecordStatus(state, 'cancelled')) return false;
  if (input.failure) return FAILED_DELIVERY_STATES.includes(state);
  switch (scope.kind) {
    case 'account':
      return canCancelOrder(state);
    case 'platform':
      return true;
    case 'driver':
      return false;
  }
}

/**
 * Cancels a dispatch if `mayCancel` allows it now, recording why. Every cancellation goes
 * through here (changeStatus hands `cancelled` over), so the rule and what a cancellation writes
 * live in one place. An assigned driver is free at once: availability is "no dispatch in an
 * on-duty state" (ON_DUTY_STATES), and `cancelled` is not one.
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
  const { input } = options;
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    if (current.state === 'cancelled' && !isStatusChange) {
      const { record } = await tx.dispatch.findUniqueOrThrow({ where: { id: current.id }, select: { record: true } });
      return record as unknown as DispatchRecord;
    }
    if (!isLifecycleStatus(current.state) || !mayCancel(current.state, options.scope, input)) {
      if (isStatusChange) throw cancelRefused(current.state, input);
      throw new DomainError('invalid_state', `The dispatch cannot be cancelled: it is ${current.state}`);
    }
    return applyChange(tx, current, {
      columns: {
        state: 'cancelled',
        cancel_reason: input.failure ? DELIVERY_FAILED : (input.reason ?? null),
        cancel_reason_text: input.reason_text || null,
        ...(input.failure && { failure_reason: input.failure.reason, failure_note: input.failure.note || null }),
        ...(options.mediaUrl && { media_url: options.mediaUrl }),
      },
      actor: options.actor,
      status: 'cancelled',
      events: ['dispatch.status_updated'],
    });
  }, TX_OPTIONS);
}

/** `cancelled` refused as a status: after pickup the table has it, but only as a failed delivery. */
function cancelRefused(state: string, input: CancellationInput): DomainError {
  if (input.failure) {
    return new DomainError('invalid_transition', `A failed delivery is reported once the order is picked up; the dispatch is "${state}"`);
  }
  if (isLifecycleStatus(state) && FAILED_DELIVERY_STATES.includes(state)) {
    return new DomainError(
      'invalid_transition',
      `Cannot record "cancelled" while the dispatch is "${state}": after pickup only the driver's failed delivery (or an operator) cancels it`,
    );
  }
  return statusRefused(state, 'cancelled');
}

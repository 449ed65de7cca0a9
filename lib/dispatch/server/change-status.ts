import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatch/server/apply-change';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { statusRefused } from '@/lib/dispatch/server/status-refused';
import type { Scope } from '@/lib/platform/server/tenancy/scope';
import { canRecordStatus, isLifecycleStatus, type Status } from '@/lib/dispatch/shared/transitions/statuses';

/**
 * Records a status on a dispatch if the transition table allows it from the current state.
 * Marker statuses (near_pickup, near_destination) join the history without changing the state.
 * `assigned` needs a driver: use assignDriver. `cancelled` is cancelDispatch's (without a reason;
 * pass one to cancelDispatch with `as: 'status'`).
 */
export async function changeStatus(options: {
  id: string;
  /** Whose dispatch may change: another account's is not found. */
  scope: Scope;
  status: Status;
  actor: Actor;
  /** The driver's photos or videos sent with the status; replaces the dispatch's media_url. */
  mediaUrl?: Record<string, string>;
}): Promise<DispatchRecord> {
  const { status } = options;
  if (status === 'assigned') {
    throw new DomainError('invalid_request', 'status: "assigned" needs a driver; use the assign operation with a driver_id');
  }
  // One rule for every cancellation (what it writes, when it is allowed): cancelDispatch's.
  if (status === 'cancelled') {
    return cancelDispatch({ id: options.id, scope: options.scope, actor: options.actor, input: {}, as: 'status', mediaUrl: options.mediaUrl });
  }
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, { id: options.id, scope: options.scope });
    if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, status)) throw statusRefused(current.state, status);
    return applyChange(tx, current, {
      columns: {
        ...(isLifecycleStatus(status) && { state: status }),
        ...(options.mediaUrl && { media_url: options.mediaUrl }),
      },
      actor: options.actor,
      status,
      events: ['dispatch.status_updated'],
    });
  }, TX_OPTIONS);
}

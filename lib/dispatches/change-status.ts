import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { applyChange, lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatches/apply-change';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { canRecordStatus, isLifecycleStatus, nextStatuses, type Status } from '@/lib/dispatches/statuses';

/**
 * Records a status on a dispatch if the transition table allows it from the current state.
 * Marker statuses (near_pickup, near_destination) join the history without changing the state.
 * `assigned` needs a driver: use assignDriver.
 */
export async function changeStatus(options: {
  id: string;
  /** Restricts the change to this account's dispatch; null on operator surfaces. */
  accountId: string | null;
  status: Status;
  actor: Actor;
  /** The driver's photos or videos sent with the status; replaces the dispatch's media_url. */
  mediaUrl?: Record<string, string>;
}): Promise<DispatchRecord> {
  const { status } = options;
  if (status === 'assigned') {
    throw new ApiError('invalid_request', 'status: "assigned" needs a driver; use the assign operation with a driver_id');
  }
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, { id: options.id, accountId: options.accountId });
    if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, status)) {
      const allowed = isLifecycleStatus(current.state) ? nextStatuses(current.state) : [];
      throw new ApiError(
        'invalid_transition',
        `Cannot record "${status}" while the dispatch is "${current.state}"; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
      );
    }
    return applyChange(tx, current, {
      data: {
        ...(isLifecycleStatus(status) && { state: status }),
        ...(options.mediaUrl && { mediaUrl: options.mediaUrl }),
      },
      actor: options.actor,
      status,
      events: ['dispatch.status_updated'],
    });
  }, TX_OPTIONS);
}

import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatch/server/apply-change';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { wakeDispatchEngine } from '@/lib/dispatch/server/wake-dispatch-engine';
import { canRecordStatus, isLifecycleStatus, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';

/** Before a driver accepts, "ready" is kept and recorded after their `accepted` (applyChange). */
const READY_KEPT_IN: readonly LifecycleStatus[] = ['new', 'dispatch_accepted', 'assigned'];

/**
 * The kitchen says the food is ready. Recorded as `ready_for_pickup` by the vendor when the
 * transition table allows it now (the driver has accepted); while the dispatch still waits for a
 * driver the time is kept (`ready_at`) and the status recorded once a driver accepts. Saying it
 * again changes nothing and answers the record (safe to retry); after pickup, or on a cancelled
 * or rejected dispatch, it is `invalid_state` naming the state.
 */
export async function markReady(options: DispatchCommand): Promise<DispatchRecord> {
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    const state = current.state;
    const isRecorded = current.statusHistory.some((entry) => entry.status === 'ready_for_pickup');
    if (isRecorded || (current.readyAt !== null && isLifecycleStatus(state) && READY_KEPT_IN.includes(state))) {
      if (current.readyAt === null) {
        // Recorded by someone else (the driver, operations): keep the vendor's word too.
        return applyChange(tx, current, { columns: { ready_at: new Date(), ready_by: options.actor.refId }, actor: options.actor, events: [] });
      }
      const { record } = await tx.dispatch.findUniqueOrThrow({ where: { id: current.id }, select: { record: true } });
      return record as unknown as DispatchRecord;
    }
    if (!isLifecycleStatus(state)) throw new DomainError('invalid_state', `The dispatch cannot be marked ready: it is ${state}`);
    const at = new Date();
    const readyColumns = { ready_at: at, ready_by: options.actor.refId };
    if (canRecordStatus(state, 'ready_for_pickup')) {
      // `ready_at` is the entry's own time.
      return applyChange(tx, current, {
        columns: { ...readyColumns, state: 'ready_for_pickup' },
        actor: options.actor,
        status: 'ready_for_pickup',
        events: ['dispatch.status_updated'],
        at,
      });
    }
    if (READY_KEPT_IN.includes(state)) {
      // No status yet, so no dispatch event wakes the dispatch engine: a known ready time is
      // what it waits for to send a driver (or to bundle), so it is asked for a round now.
      const record = await applyChange(tx, current, { columns: readyColumns, actor: options.actor, events: [] });
      await wakeDispatchEngine(tx, 'food_ready');
      return record;
    }
    throw new DomainError('invalid_state', `The dispatch cannot be marked ready: it is ${state}`);
  }, TX_OPTIONS);
}

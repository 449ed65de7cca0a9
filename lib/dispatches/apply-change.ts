import type { Prisma } from '@/prisma/generated/client';
import { DomainError } from '@/lib/errors/domain-error';
import { newId } from '@/lib/ids/new-id';
import type { EventType } from '@/lib/dispatches/events';
import type { DispatchRecord, StatusEntry } from '@/lib/dispatches/schemas';
import type { RefType, Status } from '@/lib/transitions/statuses';
import { formatTimestamp } from '@/lib/format/timestamp';
import { assertInScope } from '@/lib/tenancy/scope-filters';
import type { Scope } from '@/lib/tenancy/scope';

export interface Actor {
  refType: RefType;
  refId: string;
}

/** What every command on one dispatch names: the dispatch, whose reach it has, and who asks. */
export interface DispatchCommand {
  id: string;
  /** Whose dispatch may change: another account's is not found. */
  scope: Scope;
  actor: Actor;
}

export function dispatchNotFound(id: string): DomainError {
  return new DomainError('not_found', `No dispatch with id "${id}"`);
}

/** The actor of an operator action: as given, else admin/ops. */
export function opsActor(input: { ref_type?: RefType; ref_id?: string }): Actor {
  return { refType: input.ref_type ?? 'admin', refId: input.ref_id ?? 'ops' };
}

/** One entry of a record's status history, in the record's key order. */
export function statusEntry(status: Status, at: Date, actor: Actor): StatusEntry {
  return { status, status_captured_time: formatTimestamp(at), ref_id: actor.refId, ref_type: actor.refType };
}

export interface LockedDispatch {
  id: string;
  accountId: string;
  state: string;
  assignedDriverId: string | null;
  statusHistory: StatusEntry[];
  /** When the vendor said the food is ready, and who: see `applyChange`. */
  readyAt: Date | null;
  readyBy: string | null;
}

/**
 * Locks a dispatch row for the rest of the transaction; 404 when it does not exist or is outside
 * the scope. Looked up by primary key alone, for the reason given in read-records.ts; the
 * scope is checked on the row.
 */
export async function lockDispatch(
  tx: Prisma.TransactionClient,
  where: { id: string; scope: Scope },
): Promise<LockedDispatch> {
  const rows = await tx.$queryRaw<LockedDispatch[]>`
    SELECT id, account_id AS "accountId", state, assigned_driver_id AS "assignedDriverId", status_history AS "statusHistory",
           ready_at AS "readyAt", ready_by AS "readyBy"
    FROM dispatches WHERE id = ${where.id} FOR UPDATE`;
  const row = rows[0];
  assertInScope(where.scope, row, () => dispatchNotFound(where.id));
  return row;
}

/**
 * Writes one change of a locked dispatch with its history entry and its outbox events, in the
 * caller's transaction: no change without its events, no event without its change. The
 * database renders the new record (trigger `dispatches_render_record`), and the one writer of
 * events, `dispatch_events_append` (prisma/sql), writes them from the changed row, as the create does.
 *
 * The kitchen's "ready" said while the dispatch could not yet record it (no driver had accepted:
 * lib/dispatches/mark-ready.ts) is recorded here, once: the `accepted` that makes it possible is
 * followed at once by `ready_for_pickup` as the vendor, with its own status event.
 */
export async function applyChange(
  tx: Prisma.TransactionClient,
  current: LockedDispatch,
  change: {
    data: Prisma.DispatchUpdateInput;
    /** Who made the change: the audit trail (events) and the history entry record them. */
    actor: Actor;
    /** The status to append to the history, if the change records one. */
    status?: Status;
    events: EventType[];
    /** When it happened (default: now); a time the change's data also carries must be the entry's too. */
    at?: Date;
  },
): Promise<DispatchRecord> {
  const now = change.at ?? new Date();
  const entry = change.status ? statusEntry(change.status, now, change.actor) : undefined;
  const updated = await tx.dispatch.update({
    where: { id: current.id },
    data: {
      ...change.data,
      modifiedAt: now,
      eventSeq: { increment: change.events.length },
      ...(entry && { statusHistory: [...current.statusHistory, entry] }),
    },
    select: { record: true },
  });
  if (change.events.length > 0) {
    const eventIds = change.events.map(() => newId('evt'));
    await tx.$executeRaw`
      SELECT dispatch_events_append(d, ${eventIds}::text[], ${change.events}::text[], ${change.actor.refType}, ${change.actor.refId})
      FROM dispatches d WHERE d.id = ${current.id}`;
  }
  const isReadyWaiting = current.readyAt !== null && !current.statusHistory.some((past) => past.status === 'ready_for_pickup');
  if (entry?.status === 'accepted' && isReadyWaiting) {
    // Its own entry and event after the driver's, so each webhook shows the state it announces.
    return applyChange(tx, { ...current, state: 'accepted', statusHistory: [...current.statusHistory, entry], readyAt: null }, {
      data: { state: 'ready_for_pickup' },
      actor: { refType: 'vendor', refId: current.readyBy ?? current.accountId },
      status: 'ready_for_pickup',
      events: ['dispatch.status_updated'],
    });
  }
  return updated.record as unknown as DispatchRecord;
}

/** Interactive transactions wait behind others under load; give them room before failing. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

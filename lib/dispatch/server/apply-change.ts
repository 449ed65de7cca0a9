import type { Prisma } from '@/prisma/generated/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId } from '@/lib/platform/server/ids/new-id';
import type { EventType } from '@/lib/dispatch/shared/events';
import type { Address, DispatchRecord, Pricing, StatusEntry } from '@/lib/dispatch/shared/schemas';
import type { RefType, Status } from '@/lib/dispatch/shared/transitions/statuses';
import { assertInScope } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

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
 * The columns a change may write besides those every change writes (modified_at, event_seq, the
 * history): named as in the table, absent ones unchanged. `dispatch_change_apply` (lib/dispatch/server/sql)
 * refuses any other.
 */
export interface ChangeColumns {
  state?: string;
  assigned_driver_id?: string | null;
  eta_minutes?: number | null;
  eta_stop?: string | null;
  eta_updated_at?: Date | null;
  destination?: Address;
  pricing?: Pricing;
  cancel_reason?: string | null;
  cancel_reason_text?: string | null;
  failure_reason?: string;
  failure_note?: string | null;
  media_url?: Record<string, string>;
  ready_at?: Date;
  ready_by?: string;
  dropoff_instructions?: string | null;
  contactless?: boolean;
  tip_minor?: number | null;
  pin_checked_at?: Date;
  cash_collected?: number;
}

/**
 * Writes one change of a locked dispatch with its history entry and its outbox events, in the
 * caller's transaction: no change without its events, no event without its change. One statement,
 * the one writer of changes, `dispatch_change_apply` (lib/dispatch/server/sql): the row's columns, modified_at,
 * event_seq and history in one UPDATE, and the events through `dispatch_events_append`, as the
 * create and the positions write theirs. The database renders the new record (trigger
 * `dispatches_render_record`).
 *
 * The kitchen's "ready" said while the dispatch could not yet record it (no driver had accepted:
 * lib/dispatch/server/mark-ready.ts) is recorded here, once: the `accepted` that makes it possible is
 * followed at once by `ready_for_pickup` as the vendor, with its own status event.
 */
export async function applyChange(
  tx: Prisma.TransactionClient,
  current: LockedDispatch,
  change: {
    columns: ChangeColumns;
    /** Who made the change: the audit trail (events) and the history entry record them. */
    actor: Actor;
    /** The status to append to the history, if the change records one. */
    status?: Status;
    events: EventType[];
    /** When it happened (default: now); a time the change's columns also carry must be the entry's too. */
    at?: Date;
  },
): Promise<DispatchRecord> {
  const at = change.at ?? new Date();
  const eventIds = change.events.map(() => newId('evt'));
  const [updated] = await tx.$queryRaw<{ record: DispatchRecord }[]>`
    SELECT c.record
    FROM dispatch_change_apply(${current.id}, ${JSON.stringify(change.columns)}::json, ${at.toISOString()}::timestamptz, ${change.status ?? null}::text,
                               ${eventIds}::text[], ${change.events}::text[], ${change.actor.refType}, ${change.actor.refId}) AS c`;
  const isReadyWaiting = current.readyAt !== null && !current.statusHistory.some((past) => past.status === 'ready_for_pickup');
  if (change.status === 'accepted' && isReadyWaiting) {
    // Its own entry and event after the driver's, so each webhook shows the state it announces.
    return applyChange(tx, { ...current, state: 'accepted', readyAt: null }, {
      columns: { state: 'ready_for_pickup' },
      actor: { refType: 'vendor', refId: current.readyBy ?? current.accountId },
      status: 'ready_for_pickup',
      events: ['dispatch.status_updated'],
    });
  }
  return updated!.record;
}

/** Interactive transactions wait behind others under load; give them room before failing. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

import type { Prisma } from '@/lib/generated/prisma/client';
import { ApiError } from '@/lib/http/errors';
import { newId } from '@/lib/ids/new-id';
import { buildEventPayload, type EventEta, type EventType } from '@/lib/dispatches/events';
import type { DispatchRecord, StatusEntry } from '@/lib/dispatches/schemas';
import type { RefType, Status } from '@/lib/dispatches/statuses';
import { formatTimestamp } from '@/lib/dispatches/timestamp';

export interface Actor {
  refType: RefType;
  refId: string;
}

const DRIVER_SELECT = { id: true, name: true, phone: true, fleetId: true } satisfies Prisma.DriverSelect;

export function dispatchNotFound(id: string): ApiError {
  return new ApiError('not_found', `No dispatch with id "${id}"`);
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
}

/**
 * Locks a dispatch row for the rest of the transaction; 404 when it does not exist (or, given an
 * account, belongs to another). Looked up by primary key alone, for the reason given in
 * read-records.ts; the account is compared here.
 */
export async function lockDispatch(
  tx: Prisma.TransactionClient,
  where: { id: string; accountId: string | null },
): Promise<LockedDispatch> {
  const rows = await tx.$queryRaw<LockedDispatch[]>`
    SELECT id, account_id AS "accountId", state, assigned_driver_id AS "assignedDriverId", status_history AS "statusHistory"
    FROM dispatches WHERE id = ${where.id} FOR UPDATE`;
  const row = rows[0];
  if (!row || (where.accountId !== null && row.accountId !== where.accountId)) throw dispatchNotFound(where.id);
  return row;
}

/**
 * Writes one change of a locked dispatch with its history entry and its outbox events, in the
 * caller's transaction: no change without its events, no event without its change. The
 * database renders the new record (trigger `dispatches_render_record`); the events carry it.
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
  },
): Promise<DispatchRecord> {
  const now = new Date();
  const updated = await tx.dispatch.update({
    where: { id: current.id },
    data: {
      ...change.data,
      modifiedAt: now,
      eventSeq: { increment: change.events.length },
      ...(change.status && {
        statusHistory: [...current.statusHistory, statusEntry(change.status, now, change.actor)],
      }),
    },
    select: {
      accountId: true,
      eventSeq: true,
      record: true,
      etaMinutes: true,
      etaStop: true,
      etaUpdatedAt: true,
      assignedDriver: { select: DRIVER_SELECT },
    },
  });
  const { etaMinutes, etaStop, etaUpdatedAt } = updated;
  const eta: EventEta | null =
    etaMinutes !== null && etaUpdatedAt && (etaStop === 'pickup' || etaStop === 'destination')
      ? { stop: etaStop, minutes: etaMinutes, at: etaUpdatedAt.toISOString() }
      : null;
  const record = updated.record as unknown as DispatchRecord;
  const firstSequence = updated.eventSeq - change.events.length + 1;
  await tx.dispatchEvent.createMany({
    data: change.events.map((type, index) => ({
      id: newId('evt'),
      accountId: updated.accountId,
      dispatchId: current.id,
      type,
      sequence: firstSequence + index,
      payload: buildEventPayload(type, record, updated.assignedDriver, eta) as Prisma.InputJsonValue,
      createdAt: now,
      actorType: change.actor.refType,
      actorId: change.actor.refId,
    })),
  });
  return record;
}

/** Interactive transactions wait behind others under load; give them room before failing. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

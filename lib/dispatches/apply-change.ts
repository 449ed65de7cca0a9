import type { Prisma } from '@/lib/generated/prisma/client';
import { ApiError } from '@/lib/http/errors';
import { newId } from '@/lib/ids/new-id';
import { buildEventPayload, type EventType } from '@/lib/dispatches/events';
import { readRecordJson } from '@/lib/dispatches/read-records';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import type { RefType, Status } from '@/lib/dispatches/statuses';

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

/**
 * Locks a dispatch row for the rest of the transaction; 404 when it does not exist (or, given an
 * account, belongs to another). Looked up by primary key alone, for the reason given in
 * read-records.ts; the account is compared here.
 */
export async function lockDispatch(
  tx: Prisma.TransactionClient,
  where: { id: string; accountId: string | null },
): Promise<{ id: string; accountId: string; state: string; assignedDriverId: string | null }> {
  const rows = await tx.$queryRaw<{ id: string; accountId: string; state: string; assignedDriverId: string | null }[]>`
    SELECT id, account_id AS "accountId", state, assigned_driver_id AS "assignedDriverId"
    FROM dispatches WHERE id = ${where.id} FOR UPDATE`;
  const row = rows[0];
  if (!row || (where.accountId !== null && row.accountId !== where.accountId)) throw dispatchNotFound(where.id);
  return row;
}

/**
 * Writes one change of a locked dispatch with its history entry and its outbox events, in the
 * caller's transaction: no change without its events, no event without its change.
 */
export async function applyChange(
  tx: Prisma.TransactionClient,
  change: {
    dispatchId: string;
    data: Prisma.DispatchUpdateInput;
    status?: { status: Status; actor: Actor };
    events: EventType[];
  },
): Promise<DispatchRecord> {
  const now = new Date();
  const updated = await tx.dispatch.update({
    where: { id: change.dispatchId },
    data: {
      ...change.data,
      modifiedAt: now,
      eventSeq: { increment: change.events.length },
      ...(change.status && {
        statusEntries: {
          create: {
            status: change.status.status,
            capturedAt: now,
            refType: change.status.actor.refType,
            refId: change.status.actor.refId,
          },
        },
      }),
    },
    select: { accountId: true, eventSeq: true, assignedDriver: { select: DRIVER_SELECT } },
  });
  const record = JSON.parse((await readRecordJson({ id: change.dispatchId, accountId: null }, tx))!) as DispatchRecord;
  const firstSequence = updated.eventSeq - change.events.length + 1;
  await tx.dispatchEvent.createMany({
    data: change.events.map((type, index) => ({
      id: newId('evt'),
      accountId: updated.accountId,
      dispatchId: change.dispatchId,
      type,
      sequence: firstSequence + index,
      payload: buildEventPayload(type, record, updated.assignedDriver) as Prisma.InputJsonValue,
      createdAt: now,
    })),
  });
  return record;
}

/** Interactive transactions wait behind others under load; give them room before failing. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

import { z } from 'zod';
import { db } from '@/lib/db/client';
import { dispatchNotFound } from '@/lib/dispatches/apply-change';
import { formatTimestamp } from '@/lib/dispatches/timestamp';

export const AuditEntrySchema = z.object({
  sequence: z.number().int(),
  type: z.string(),
  /** The status the event recorded (status_updated), else null. */
  status: z.string().nullable(),
  actor_type: z.string().nullable(),
  actor_id: z.string().nullable(),
  /** Who the actor is, when they are a known user (admin, staff) or driver. */
  actor_name: z.string().nullable(),
  created_at: z.string(),
});

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditTrailResponseSchema = z.object({ data: z.array(AuditEntrySchema) });

/** Events beyond this are not shown (a dispatch has a dozen); the newest are kept. */
const AUDIT_LIMIT = 500;

/**
 * Who did what to a dispatch: its domain events in order (the outbox rows, written in the
 * transaction of each change), each with its actor, named when the actor is a user or a driver.
 * Three reads: the events by (dispatch_id, sequence), then users and drivers by primary key.
 */
export async function listDispatchAudit(options: { id: string }): Promise<AuditEntry[]> {
  const [dispatch, events] = await Promise.all([
    db().dispatch.findUnique({ where: { id: options.id }, select: { id: true } }),
    db().$queryRaw<{ sequence: number; type: string; status: string | null; actorType: string | null; actorId: string | null; createdAt: Date }[]>`
      SELECT sequence, type,
             CASE WHEN type = 'dispatch.status_updated' THEN (payload->'status'->-1->>'status') END AS status,
             actor_type AS "actorType", actor_id AS "actorId", created_at AS "createdAt"
      FROM (SELECT * FROM dispatch_events WHERE dispatch_id = ${options.id} ORDER BY sequence DESC LIMIT ${AUDIT_LIMIT}) newest
      ORDER BY sequence`,
  ]);
  if (!dispatch) throw dispatchNotFound(options.id);
  const idsOf = (types: string[]) => [...new Set(events.filter((event) => types.includes(event.actorType ?? '') && event.actorId).map((event) => event.actorId!))];
  const [users, drivers] = await Promise.all([
    db().user.findMany({ where: { id: { in: idsOf(['admin', 'vendor']) } }, select: { id: true, name: true, email: true } }),
    db().driver.findMany({ where: { id: { in: idsOf(['driver']) } }, select: { id: true, name: true } }),
  ]);
  const names = new Map<string, string>([
    ...users.map((user) => [user.id, `${user.name} <${user.email}>`] as const),
    ...drivers.map((driver) => [driver.id, driver.name] as const),
  ]);
  return events.map((event) => ({
    sequence: event.sequence,
    type: event.type,
    status: event.status,
    actor_type: event.actorType,
    actor_id: event.actorId,
    actor_name: event.actorId ? (names.get(event.actorId) ?? null) : null,
    created_at: formatTimestamp(event.createdAt),
  }));
}

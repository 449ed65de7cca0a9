import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { actorKey, resolveActorNames } from '@/lib/dispatch/server/internal/resolve-actor-names';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { PlatformScope } from '@/lib/platform/server/tenancy/scope';

export const AuditEntrySchema = z.object({
  sequence: z.number().int(),
  type: z.string(),
  /** The status the event recorded (status_updated), else null. */
  status: z.string().nullable(),
  /** The ETA the event announced (eta_updated), else null. */
  eta: z.object({ stop: z.enum(['pickup', 'destination']), minutes: z.number().int() }).nullable(),
  /** The driver the event assigned (driver_assigned), by name, else null. */
  driver_name: z.string().nullable(),
  /** The new destination's address line (destination_updated), else null (also when it has none). */
  destination: z.string().nullable(),
  actor_type: z.string().nullable(),
  actor_id: z.string().nullable(),
  /** Who the actor is, when they are a known user (admin, staff: `name <email>`) or driver. */
  actor_name: z.string().nullable(),
  created_at: z.string(),
});

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditTrailResponseSchema = dataEnvelope(z.array(AuditEntrySchema));

/** Events beyond this are not shown (a dispatch has a dozen); the newest are kept. */
const AUDIT_LIMIT = 500;

interface EventRow {
  sequence: number;
  type: string;
  status: string | null;
  etaStop: 'pickup' | 'destination' | null;
  etaMinutes: number | null;
  driverName: string | null;
  destination: string | null;
  actorType: string | null;
  actorId: string | null;
  createdAt: Date;
}

/**
 * Who did what to a dispatch: its domain events in order (the outbox rows, written in the
 * transaction of each change), each with what it changed and its actor, named when the actor is a
 * user or a driver. Two reads: the events by (dispatch_id, sequence), then every actor's name in
 * one query (resolveActorNames, as the dispatch page's timeline). A console read: every account's
 * dispatch, every user named.
 */
export async function listDispatchAudit(options: { id: string; scope: PlatformScope }): Promise<AuditEntry[]> {
  const [dispatch, events] = await Promise.all([
    db().dispatch.findUnique({ where: { id: options.id }, select: { id: true } }),
    db().$queryRaw<EventRow[]>`
      SELECT sequence, type,
             CASE WHEN type = 'dispatch.status_updated' THEN (payload->'status'->-1->>'status') END AS status,
             CASE WHEN type = 'dispatch.eta_updated' THEN payload->'eta'->>'stop' END AS "etaStop",
             CASE WHEN type = 'dispatch.eta_updated' THEN (payload->'eta'->>'minutes')::int END AS "etaMinutes",
             CASE WHEN type = 'dispatch.driver_assigned' THEN payload->'driver'->>'name' END AS "driverName",
             CASE WHEN type = 'dispatch.destination_updated' THEN payload->'destination'->>'address_line' END AS destination,
             actor_type AS "actorType", actor_id AS "actorId", created_at AS "createdAt"
      FROM (SELECT * FROM dispatch_events WHERE dispatch_id = ${options.id} ORDER BY sequence DESC LIMIT ${AUDIT_LIMIT}) newest
      ORDER BY sequence`,
  ]);
  if (!dispatch) throw dispatchNotFound(options.id);
  const actors = events.flatMap((event) => (event.actorType && event.actorId ? [{ type: event.actorType, id: event.actorId }] : []));
  const names = await resolveActorNames({ scope: options.scope, actors });
  return events.map((event) => {
    const actor = event.actorType && event.actorId ? names.get(actorKey(event.actorType, event.actorId)) : undefined;
    return {
      sequence: event.sequence,
      type: event.type,
      status: event.status,
      eta: event.etaStop && event.etaMinutes !== null ? { stop: event.etaStop, minutes: event.etaMinutes } : null,
      driver_name: event.driverName,
      destination: event.destination,
      actor_type: event.actorType,
      actor_id: event.actorId,
      actor_name: actor ? (actor.email ? `${actor.name} <${actor.email}>` : actor.name) : null,
      created_at: formatTimestamp(event.createdAt),
    };
  });
}

import { Prisma } from '@/prisma/generated/client';
import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { greatCircleKm } from '@/lib/pricing/shared/estimates/route-estimator';
import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { mayCarry } from '@/lib/dispatch/server/may-carry';

/** Candidates shown at once: the nearest on-duty drivers first. */
export const CANDIDATES_LIMIT = 50;

export interface DriverCandidate {
  id: string;
  name: string;
  fleet: { id: string; name: string } | null;
  on_duty: boolean;
  /** Straight-line kilometres from the driver's last position to the pickup; null without a position. */
  distance_km: number | null;
  /** Dispatches the driver carries now (assigned … picked up). */
  load: number;
}

/**
 * The drivers an admin can give a dispatch to, for the console's assign picker: only those who
 * may carry it (never another account's simulated drivers), each with duty, distance to the pickup
 * and current load; on duty first, then nearest. `q` narrows by name, phone or exact id.
 */
export async function listDriverCandidates(options: { dispatchId: string; q?: string }): Promise<DriverCandidate[]> {
  const dispatch = await db().dispatch.findUnique({ where: { id: options.dispatchId }, select: { accountId: true, pickup: true, assignedDriverId: true } });
  if (!dispatch) throw dispatchNotFound(options.dispatchId);
  const q = options.q?.trim();
  const search = q
    ? Prisma.sql`AND (dr.id = ${q} OR dr.name ILIKE ${`%${q.replace(/[\\%_]/g, '\\$&')}%`} OR dr.phone LIKE ${`%${q.replace(/[\\%_]/g, '\\$&')}%`})`
    : Prisma.empty;
  const rows = await db().$queryRaw<
    { id: string; name: string; isActive: boolean; sandboxAccountId: string | null; onDuty: boolean; lat: number | null; lng: number | null; fleetId: string | null; fleetName: string | null; load: number }[]
  >`
    SELECT dr.id, dr.name, dr.is_active AS "isActive", dr.sandbox_account_id AS "sandboxAccountId", dr.on_duty AS "onDuty",
           dr.last_lat AS lat, dr.last_lng AS lng, f.id AS "fleetId", f.name AS "fleetName",
           (SELECT count(*)::int FROM dispatches x WHERE x.assigned_driver_id = dr.id AND x.state = ANY(${ON_DUTY_STATES as string[]})) AS load
    FROM drivers dr LEFT JOIN fleets f ON f.id = dr.fleet_id
    WHERE dr.is_active AND (dr.sandbox_account_id IS NULL OR dr.sandbox_account_id = ${dispatch.accountId})
      AND dr.id IS DISTINCT FROM ${dispatch.assignedDriverId} ${search}
    ORDER BY dr.on_duty DESC, dr.last_position_at DESC NULLS LAST, dr.id
    LIMIT ${CANDIDATES_LIMIT * 4}`;
  const pickup = dispatch.pickup as { lat: number; lng: number };
  return rows
    .filter((row) => mayCarry(row, dispatch.accountId))
    .map((row) => ({
      id: row.id,
      name: row.name,
      fleet: row.fleetId ? { id: row.fleetId, name: row.fleetName ?? row.fleetId } : null,
      on_duty: row.onDuty,
      distance_km: row.lat === null || row.lng === null ? null : Math.round(greatCircleKm({ lat: row.lat, lng: row.lng }, pickup) * 10) / 10,
      load: row.load,
    }))
    .sort((a, b) => Number(b.on_duty) - Number(a.on_duty) || (a.distance_km ?? Infinity) - (b.distance_km ?? Infinity) || (a.id < b.id ? -1 : 1))
    .slice(0, CANDIDATES_LIMIT);
}

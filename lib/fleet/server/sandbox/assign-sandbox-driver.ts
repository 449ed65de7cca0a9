import { db } from '@/lib/platform/server/db/client';
import { TX_OPTIONS, lockDispatch, type Actor } from '@/lib/dispatch/server/apply-change';
import { writeAssignment } from '@/lib/dispatch/server/assign-driver';
import { carriesNoOtherWork } from '@/lib/fleet/server/drivers/driver-is-free';
import type { LatLng } from '@/lib/pricing/shared/estimates/route-estimator';
import { Prisma } from '@/prisma/generated/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId, newReadableCode } from '@/lib/platform/server/ids/new-id';
import { pointAt } from '@/lib/fleet/server/sandbox/straight-line';
import { accountScope } from '@/lib/platform/server/tenancy/scope';

/** Who assigns the sandbox's dispatches (the audit trail shows it). */
export const SANDBOX_ACTOR: Actor = { refType: 'system', refId: 'sandbox' };
/** The fleet of every simulated driver. */
export const SANDBOX_FLEET_ID = 'sandbox';

/** A simulated driver starts its drive this far from the pickup (km), in a random direction. */
const PLACEMENT_KM = { min: 1, max: 2 } as const;
const CANDIDATES_TRIED = 5;

/**
 * Gives a sandbox dispatch a simulated driver of its account: an idle one (on no dispatch) or a
 * new one in the `sandbox` fleet, placed 1–2 km from the pickup, assigned as system/sandbox.
 * One transaction, with the driver row locked: two simulators (in two processes) assigning
 * dispatches of one account at once never give one driver two dispatches. (The placement is
 * no movement: the driver is on no dispatch yet, so it is written directly, not as a position.)
 */
export async function assignSandboxDriver(options: {
  dispatchId: string;
  accountId: string;
  pickup: LatLng;
  random?: () => number;
}): Promise<{ driverId: string }> {
  const random = options.random ?? Math.random;
  const place = pointAt(options.pickup, PLACEMENT_KM.min + (PLACEMENT_KM.max - PLACEMENT_KM.min) * random(), 360 * random());
  return db().$transaction(async (tx) => {
    // The step was decided from a read before this transaction: it applies only if still due
    // (a second assignment would be a reassignment, which the transition table allows). All
    // three states may record `assigned`.
    const current = await lockDispatch(tx, { id: options.dispatchId, scope: accountScope(options.accountId) });
    const isWaiting = current.state === 'new' || current.state === 'dispatch_accepted' || (current.state === 'assigned' && !current.assignedDriverId);
    if (!isWaiting) throw new DomainError('invalid_transition', `The dispatch is "${current.state}" already`);

    const driverId = (await lockIdleDriver(tx, options.accountId)) ?? (await createSandboxDriver(tx, options.accountId));
    await tx.driver.update({
      where: { id: driverId },
      data: { lastLat: place.lat, lastLng: place.lng, lastPositionAt: new Date() },
      select: { id: true },
    });
    await writeAssignment(tx, current, driverId, SANDBOX_ACTOR);
    return { driverId };
  }, TX_OPTIONS);
}

/**
 * Locks an idle simulated driver of the account. SKIP LOCKED passes over drivers another
 * transaction is assigning right now; the idleness is checked again once the lock is held, in a
 * statement of its own, because under READ COMMITTED the first one may have read the dispatches
 * before that other transaction committed.
 */
async function lockIdleDriver(tx: Prisma.TransactionClient, accountId: string): Promise<string | null> {
  const tried: string[] = [];
  for (let attempt = 0; attempt < CANDIDATES_TRIED; attempt++) {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT dr.id FROM drivers dr
      WHERE dr.sandbox_account_id = ${accountId} AND dr.is_active
        ${tried.length ? Prisma.sql`AND dr.id NOT IN (${Prisma.join(tried)})` : Prisma.empty}
        AND ${carriesNoOtherWork(Prisma.raw('dr.id'))}
      ORDER BY dr.created_at, dr.id
      LIMIT 1
      FOR UPDATE OF dr SKIP LOCKED`;
    const candidate = rows[0]?.id;
    if (!candidate) return null;
    const [check] = await tx.$queryRaw<{ isFree: boolean }[]>`SELECT ${carriesNoOtherWork(Prisma.sql`${candidate}`)} AS "isFree"`;
    if (check?.isFree) return candidate;
    tried.push(candidate);
  }
  return null;
}

/**
 * Simulated drivers for a sandbox account whose kitchens have orders waiting and no idle driver
 * (the dispatch engine asks, lib/engine/server): one per pickup given, placed 1–2 km from it
 * in a random direction, where the next round finds them.
 */
export async function spawnSandboxDrivers(options: { accountId: string; pickups: LatLng[]; random?: () => number }): Promise<string[]> {
  const random = options.random ?? Math.random;
  return db().$transaction(async (tx) => {
    const ids: string[] = [];
    for (const pickup of options.pickups) {
      const place = pointAt(pickup, PLACEMENT_KM.min + (PLACEMENT_KM.max - PLACEMENT_KM.min) * random(), 360 * random());
      const driverId = await createSandboxDriver(tx, options.accountId);
      await tx.driver.update({ where: { id: driverId }, data: { lastLat: place.lat, lastLng: place.lng, lastPositionAt: new Date() }, select: { id: true } });
      ids.push(driverId);
    }
    return ids;
  }, TX_OPTIONS);
}

/** A simulated driver is always on duty: it exists only to carry the sandbox's dispatches. */
async function createSandboxDriver(tx: Prisma.TransactionClient, accountId: string): Promise<string> {
  await tx.$executeRaw`INSERT INTO fleets (id, name) VALUES (${SANDBOX_FLEET_ID}, 'Sandbox') ON CONFLICT (id) DO NOTHING`;
  const driver = await tx.driver.create({
    data: {
      id: newId('drv'),
      name: `Sandbox driver ${newReadableCode().slice(0, 4)}`,
      fleetId: SANDBOX_FLEET_ID,
      sandboxAccountId: accountId,
      onDuty: true,
      dutyChangedAt: new Date(),
    },
    select: { id: true },
  });
  return driver.id;
}

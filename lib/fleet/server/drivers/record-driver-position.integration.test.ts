import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { recordDriverPosition, recordDriverPositions } from '@/lib/fleet/server/drivers/record-driver-position';
import { straightLineEstimator, type RouteEstimator } from '@/lib/pricing/shared/estimates/route-estimator';

const ADMIN = { refType: 'admin', refId: 'test' } as const;
// dispatchBody's pickup and destination (about 9 km apart, Riyadh).
const PICKUP = { lat: 24.7136, lng: 46.6753 };
const DESTINATION = { lat: 24.7743, lng: 46.7386 };
/** ~1 degree of latitude is 111 km: 0.0009° ≈ 100 m (inside the 200 m geofence), 0.0045° ≈ 500 m. */
const NEAR = 0.0009;
const FAR = 0.0045;

let account: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  account = await newAccount();
});

async function assignedDispatch() {
  const driver = await newDriver();
  const created = await createDispatch({ accountId: account.id, input: dispatchBody() });
  await assignDriver({ id: created.id, scope: platformScope(), driverId: driver.id, actor: ADMIN });
  return { driver, id: created.id };
}

function locate(driverId: string, point: { lat: number; lng: number }) {
  return call('POST', `/api/ops/drivers/${driverId}/location`, { ops: true, body: point });
}

async function events(id: string) {
  return db().dispatchEvent.findMany({
    where: { dispatchId: id },
    orderBy: { sequence: 'asc' },
    select: { type: true, sequence: true, payload: true, actorType: true, actorId: true },
  });
}

async function history(id: string): Promise<string[]> {
  const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { statusHistory: true } });
  return (row.statusHistory as { status: string }[]).map((entry) => entry.status);
}

describe('POST /api/ops/drivers/{id}/location', () => {
  it('stores the position and answers what it did on each of the driver’s dispatches', async () => {
    const { driver, id } = await assignedDispatch();
    const response = await locate(driver.id, { lat: PICKUP.lat + FAR, lng: PICKUP.lng });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      driver_id: driver.id,
      lat: PICKUP.lat + FAR,
      lng: PICKUP.lng,
      recorded_at: expect.any(String),
      dispatches: [{ dispatch_id: id, state: 'assigned', stop: 'pickup', distance_m: expect.any(Number), eta_minutes: expect.any(Number), recorded: [], eta_announced: true }],
    });
    expect(response.body.data.dispatches[0].distance_m).toBeGreaterThan(450);
    expect(response.body.data.dispatches[0].distance_m).toBeLessThan(550);
    const stored = await db().driver.findUniqueOrThrow({ where: { id: driver.id }, select: { lastLat: true, lastLng: true, lastPositionAt: true } });
    expect(stored).toEqual({ lastLat: PICKUP.lat + FAR, lastLng: PICKUP.lng, lastPositionAt: expect.any(Date) });
  });

  it('refuses bad coordinates with 400, an unknown driver with 404 and a missing token with 401, storing nothing', async () => {
    const driver = await newDriver();
    for (const body of [{ lat: 91, lng: 0 }, { lat: 0, lng: -181 }, { lat: '24.7', lng: 46.6 }, { lng: 46.6 }, []]) {
      const response = await locate(driver.id, body as never);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect((await db().driver.findUniqueOrThrow({ where: { id: driver.id } })).lastPositionAt).toBeNull();
    const missing = await locate('drv_missing', PICKUP);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    expect((await call('POST', `/api/ops/drivers/${driver.id}/location`, { body: PICKUP })).status).toBe(401);
  });

  it('appends near_pickup exactly once on entering the pickup geofence, by the driver', async () => {
    const { driver, id } = await assignedDispatch();
    await locate(driver.id, { lat: PICKUP.lat + FAR, lng: PICKUP.lng });
    expect(await history(id)).toEqual(['new', 'assigned']);
    const entered = await locate(driver.id, { lat: PICKUP.lat + NEAR, lng: PICKUP.lng });
    expect(entered.body.data.dispatches[0].recorded).toEqual(['near_pickup']);
    // Still inside, leaving and coming back: never a second entry.
    await locate(driver.id, PICKUP);
    await locate(driver.id, { lat: PICKUP.lat + FAR, lng: PICKUP.lng });
    await locate(driver.id, PICKUP);
    expect(await history(id)).toEqual(['new', 'assigned', 'near_pickup']);
    const near = (await events(id)).filter((event) => (event.payload as { status: { status: string }[] }).status.at(-1)?.status === 'near_pickup');
    expect(near[0]).toMatchObject({ type: 'dispatch.status_updated', actorType: 'driver', actorId: driver.id });
    const record = await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key });
    expect(record.body.data.status.at(-1)).toMatchObject({ status: 'near_pickup', ref_type: 'driver', ref_id: driver.id });
    // The marker is the last entry; the record says where the dispatch is all the same.
    expect(record.body.data.current_status).toBe('assigned');
  });

  it('fires one geofence status under concurrent positions inside the radius', async () => {
    const { driver, id } = await assignedDispatch();
    const responses = await Promise.all(Array.from({ length: 8 }, () => locate(driver.id, PICKUP)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect((await history(id)).filter((status) => status === 'near_pickup')).toHaveLength(1);
    // One event each for new, assigned and near_pickup: none doubled by a lost race.
    expect((await events(id)).filter((event) => event.type === 'dispatch.status_updated')).toHaveLength(3);
  });

  it('appends near_destination once after pickup, and no near_pickup then', async () => {
    const { driver, id } = await assignedDispatch();
    await changeStatus({ id, scope: platformScope(), status: 'accepted', actor: ADMIN });
    await changeStatus({ id, scope: platformScope(), status: 'picked_up', actor: ADMIN });
    const atPickup = await locate(driver.id, PICKUP);
    expect(atPickup.body.data.dispatches[0]).toMatchObject({ stop: 'destination', recorded: [] });
    await locate(driver.id, { lat: DESTINATION.lat - NEAR, lng: DESTINATION.lng });
    await locate(driver.id, DESTINATION);
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted', 'picked_up', 'near_destination']);
  });

  it('leaves finished dispatches and other drivers’ dispatches alone', async () => {
    const { driver, id } = await assignedDispatch();
    const other = await assignedDispatch();
    await changeStatus({ id, scope: platformScope(), status: 'cancelled', actor: ADMIN });
    const response = await locate(driver.id, PICKUP);
    expect(response.body.data.dispatches).toEqual([]);
    expect(await history(id)).toEqual(['new', 'assigned', 'cancelled']);
    expect(await history(other.id)).toEqual(['new', 'assigned']);
    expect((await events(other.id)).map((event) => event.type)).not.toContain('dispatch.eta_updated');
  });
});

describe('a change between reading the dispatches and writing the position', () => {
  /** The straight-line estimator, which first runs `interlude` once: a write landing while the position is being decided. */
  function estimatorWith(interlude: () => Promise<unknown>): RouteEstimator {
    let pending: (() => Promise<unknown>) | null = interlude;
    return {
      async leg(from, to) {
        const run = pending;
        pending = null;
        if (run) await run();
        return straightLineEstimator.leg(from, to);
      },
    };
  }

  it('decides the position again from the new state: a pickup in between means no near_pickup', async () => {
    const { driver, id } = await assignedDispatch();
    await changeStatus({ id, scope: platformScope(), status: 'accepted', actor: ADMIN });
    const pickedUp = () => changeStatus({ id, scope: platformScope(), status: 'picked_up', actor: ADMIN });
    const position = await recordDriverPosition({ driverId: driver.id, ...PICKUP, estimator: estimatorWith(pickedUp) });
    expect(position.dispatches).toEqual([expect.objectContaining({ dispatch_id: id, state: 'picked_up', stop: 'destination', recorded: [] })]);
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted', 'picked_up']);
    const etas = (await events(id)).filter((event) => event.type === 'dispatch.eta_updated');
    expect(etas.map((event) => (event.payload as { eta: { stop: string } }).eta.stop)).toEqual(['destination']);
    const stored = await db().driver.findUniqueOrThrow({ where: { id: driver.id }, select: { lastLat: true } });
    expect(stored.lastLat).toBe(PICKUP.lat);
  });

  it('records the geofence once when batches of one driver race, and keeps the newest position', async () => {
    const { driver, id } = await assignedDispatch();
    const start = Date.now() - 10_000;
    const batches = Array.from({ length: 8 }, (_, i) => [{ lat: PICKUP.lat + i * 0.00001, lng: PICKUP.lng, at: new Date(start + i * 1000) }]);
    const results = await Promise.all(batches.map((positions) => recordDriverPositions({ driverId: driver.id, positions })));
    expect(results.every((result) => result.recorded <= 1)).toBe(true);
    expect((await history(id)).filter((status) => status === 'near_pickup')).toHaveLength(1);
    expect((await events(id)).filter((event) => event.type === 'dispatch.status_updated')).toHaveLength(3);
    const stored = await db().driver.findUniqueOrThrow({ where: { id: driver.id }, select: { lastPositionAt: true } });
    expect(stored.lastPositionAt).toEqual(new Date(start + 7000));
  });

  it('writes nothing when the dispatches read are no longer the rows the database has', async () => {
    const { driver, id } = await assignedDispatch();
    const [before] = await db().$queryRaw<{ version: string }[]>`SELECT xmin::text AS version FROM dispatches WHERE id = ${id}`;
    await changeStatus({ id, scope: platformScope(), status: 'accepted', actor: ADMIN });
    const [row] = await db().$queryRaw<{ applied: boolean }[]>`
      SELECT driver_positions_apply(${driver.id}, ${`${id}:${before!.version}`}, ARRAY['assigned', 'accepted']::text[], ARRAY[1]::float8[],
                                    ARRAY[2]::float8[], ARRAY[now()], true, '[]'::json, ${driver.id}) AS applied`;
    expect(row!.applied).toBe(false);
    const stored = await db().driver.findUniqueOrThrow({ where: { id: driver.id }, select: { lastLat: true, lastPositionAt: true } });
    expect(stored).toEqual({ lastLat: null, lastPositionAt: null });
  });
});

describe('ETA updates', () => {
  it('announces the first ETA, then only moves beyond the threshold, with the ETA in the payload', async () => {
    const { driver, id } = await assignedDispatch();
    // 0.09° ≈ 10 km north of the pickup: ≈ 33 minutes at 25 km/h with the road factor.
    await locate(driver.id, { lat: PICKUP.lat + 0.09, lng: PICKUP.lng });
    // ≈ 100 m closer: the ETA moves by less than 2 minutes.
    await locate(driver.id, { lat: PICKUP.lat + 0.0891, lng: PICKUP.lng });
    // ≈ 5 km closer: announced.
    await locate(driver.id, { lat: PICKUP.lat + 0.045, lng: PICKUP.lng });
    const etaEvents = (await events(id)).filter((event) => event.type === 'dispatch.eta_updated');
    expect(etaEvents).toHaveLength(2);
    const [first, second] = etaEvents.map((event) => (event.payload as { eta: { stop: string; minutes: number; at: string } }).eta);
    expect(first).toEqual({ stop: 'pickup', minutes: expect.any(Number), at: expect.any(String) });
    expect(first!.minutes).toBeGreaterThanOrEqual(30);
    expect(first!.minutes).toBeLessThanOrEqual(36);
    expect(second!.minutes).toBeLessThan(first!.minutes - 2);
    expect(etaEvents[0]).toMatchObject({ actorType: 'driver', actorId: driver.id });
    const stored = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { etaMinutes: true, etaStop: true } });
    expect(stored).toEqual({ etaMinutes: second!.minutes, etaStop: 'pickup' });
  });

  it('announces a new ETA when the next stop changes, and afresh after a reassignment', async () => {
    const { driver, id } = await assignedDispatch();
    await locate(driver.id, PICKUP);
    await changeStatus({ id, scope: platformScope(), status: 'accepted', actor: ADMIN });
    await changeStatus({ id, scope: platformScope(), status: 'picked_up', actor: ADMIN });
    await locate(driver.id, PICKUP);
    const etas = (await events(id)).filter((event) => event.type === 'dispatch.eta_updated');
    expect(etas.map((event) => (event.payload as { eta: { stop: string } }).eta.stop)).toEqual(['pickup', 'destination']);

    const reassigned = await assignedDispatch();
    const next = await newDriver();
    await locate(reassigned.driver.id, { lat: PICKUP.lat + 0.01, lng: PICKUP.lng });
    await assignDriver({ id: reassigned.id, scope: platformScope(), driverId: next.id, actor: ADMIN });
    expect((await db().dispatch.findUniqueOrThrow({ where: { id: reassigned.id } })).etaMinutes).toBeNull();
    const response = await locate(next.id, { lat: PICKUP.lat + 0.01, lng: PICKUP.lng });
    expect(response.body.data.dispatches[0].eta_announced).toBe(true);
  });
});

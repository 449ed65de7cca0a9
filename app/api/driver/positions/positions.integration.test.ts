import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { call, callTwiceIdempotent } from '@/test/api';
import { dispatchBody, newAccount, newDriver, newDriverSession as signedInDriver, uniqueSuffix } from '@/test/fixtures';

// The driver app's positions: a batch (queued offline, oldest first) goes through the same
// geofence and ETA rules as one position, each marker recorded once, and old or replayed
// positions change nothing.

// dispatchBody's pickup and destination (about 9 km apart, Riyadh); 0.0009° ≈ 100 m, inside the 200 m geofence.
const PICKUP = { lat: 24.7136, lng: 46.6753 };
const DESTINATION = { lat: 24.7743, lng: 46.7386 };
const NEAR = 0.0009;

/** A new driver, signed in to the driver app: `cookie` for the driver routes. */
async function newDriverSession() {
  const driver = await newDriver();
  const { cookie } = await signedInDriver(driver.id);
  return { driver, cookie };
}

async function assignedJob(driverId: string) {
  const { id } = await createDispatch({ accountId: (await newAccount()).id, input: dispatchBody() });
  await assignDriver({ id, scope: platformScope(), driverId, actor: { refType: 'admin', refId: 'test' } });
  return id;
}

async function history(id: string): Promise<string[]> {
  const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { statusHistory: true } });
  return (row.statusHistory as { status: string }[]).map((entry) => entry.status);
}

/** Positions `secondsApart` apart, ending `endsAgoS` seconds ago. */
function track(points: { lat: number; lng: number }[], options: { endsAgoS?: number; secondsApart?: number } = {}) {
  const { endsAgoS = 0, secondsApart = 10 } = options;
  const end = Date.now() - endsAgoS * 1000;
  return points.map((point, index) => ({ ...point, accuracy_m: 8, at: new Date(end - (points.length - 1 - index) * secondsApart * 1000).toISOString() }));
}

const send = (cookie: string, positions: unknown, key?: string) =>
  call('POST', '/api/driver/positions', { cookie, body: { positions }, headers: key ? { 'idempotency-key': key } : undefined });

describe('POST /api/driver/positions', () => {
  it('records near_pickup and near_destination once each from batches, by the driver, and stores the latest position', async () => {
    const me = await newDriverSession();
    const id = await assignedJob(me.driver.id);
    const approach = track(
      [
        { lat: PICKUP.lat + 0.02, lng: PICKUP.lng },
        { lat: PICKUP.lat + NEAR, lng: PICKUP.lng },
        { lat: PICKUP.lat + NEAR / 2, lng: PICKUP.lng },
        { lat: PICKUP.lat, lng: PICKUP.lng },
      ],
      { endsAgoS: 120 },
    );
    const first = await send(me.cookie, approach);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { recorded: 4 } });
    expect(await history(id)).toEqual(['new', 'assigned', 'near_pickup']);
    const driver = await db().driver.findUniqueOrThrow({ where: { id: me.driver.id }, select: { lastLat: true, lastLng: true, lastPositionAt: true } });
    expect(driver).toEqual({ lastLat: PICKUP.lat, lastLng: PICKUP.lng, lastPositionAt: new Date(approach.at(-1)!.at) });

    for (const status of ['accepted', 'picked_up'] as const) {
      await changeStatus({ id, scope: platformScope(), status, actor: { refType: 'driver', refId: me.driver.id } });
    }
    const arrive = track([
      { lat: DESTINATION.lat - 0.03, lng: DESTINATION.lng },
      { lat: DESTINATION.lat - NEAR, lng: DESTINATION.lng },
      { lat: DESTINATION.lat, lng: DESTINATION.lng },
    ]);
    expect((await send(me.cookie, arrive)).body.data.recorded).toBe(3);
    // The same positions again under a new key: not newer than the last one, so skipped.
    expect((await send(me.cookie, arrive, `k-${uniqueSuffix()}`)).body.data.recorded).toBe(0);
    const entries = await history(id);
    expect(entries).toEqual(['new', 'assigned', 'near_pickup', 'accepted', 'picked_up', 'near_destination']);
    const markers = await db().dispatchEvent.findMany({ where: { dispatchId: id, type: 'dispatch.status_updated' }, select: { payload: true, actorType: true, actorId: true } });
    const markerEvents = markers.filter((event) => ['near_pickup', 'near_destination'].includes((event.payload as { status: { status: string }[] }).status.at(-1)!.status));
    expect(markerEvents).toHaveLength(2);
    for (const event of markerEvents) expect(event).toMatchObject({ actorType: 'driver', actorId: me.driver.id });
    expect(await db().dispatchEvent.count({ where: { dispatchId: id, type: 'dispatch.eta_updated' } })).toBeGreaterThan(0);
  });

  it('skips positions older than the driver’s last one, and applies a replayed Idempotency-Key once', async () => {
    const me = await newDriverSession();
    const id = await assignedJob(me.driver.id);
    const recent = track([{ lat: PICKUP.lat + 0.01, lng: PICKUP.lng }], { endsAgoS: 5 });
    expect((await send(me.cookie, recent)).body.data.recorded).toBe(1);
    // An older queue arriving late (it reached the pickup geofence then) changes nothing now.
    const stale = track([{ lat: PICKUP.lat, lng: PICKUP.lng }], { endsAgoS: 60 });
    expect((await send(me.cookie, stale)).body.data.recorded).toBe(0);
    expect(await history(id)).toEqual(['new', 'assigned']);

    const near = track([{ lat: PICKUP.lat, lng: PICKUP.lng }]);
    const key = `positions-${uniqueSuffix()}`;
    const [first] = await callTwiceIdempotent('POST', '/api/driver/positions', { cookie: me.cookie, body: { positions: near }, key });
    expect(first.body).toEqual({ data: { recorded: 1 } });
    expect(await history(id)).toEqual(['new', 'assigned', 'near_pickup']);
  });

  it('records no geofence entry from a fix less precise than the geofence, but moves the driver', async () => {
    const me = await newDriverSession();
    const id = await assignedJob(me.driver.id);
    // A cell-tower fix right on the pickup, good to 1.5 km: not a driver at the door.
    const vague = track([{ lat: PICKUP.lat, lng: PICKUP.lng }], { endsAgoS: 20 }).map((position) => ({ ...position, accuracy_m: 1_500 }));
    expect((await send(me.cookie, vague)).body.data.recorded).toBe(1);
    expect(await history(id)).toEqual(['new', 'assigned']);
    const stored = await db().driver.findUniqueOrThrow({ where: { id: me.driver.id }, select: { lastLat: true } });
    expect(stored.lastLat).toBe(PICKUP.lat);
    // The GPS fix that follows (8 m) records it.
    expect((await send(me.cookie, track([{ lat: PICKUP.lat, lng: PICKUP.lng }]))).body.data.recorded).toBe(1);
    expect(await history(id)).toEqual(['new', 'assigned', 'near_pickup']);
  });

  it('refuses invalid batches with 400 and writes nothing', async () => {
    const me = await newDriverSession();
    const id = await assignedJob(me.driver.id);
    const valid = track([{ lat: PICKUP.lat, lng: PICKUP.lng }])[0]!;
    const future = new Date(Date.now() + 5 * 60_000).toISOString();
    const bodies: unknown[] = [
      [],
      Array.from({ length: 51 }, () => valid),
      [{ ...valid, lat: 91 }],
      [{ ...valid, lng: -181 }],
      [{ ...valid, at: 'yesterday' }],
      [{ lat: valid.lat, lng: valid.lng }],
      [{ ...valid, accuracy_m: -1 }],
      // One bad position refuses the whole batch: the valid one before it is not recorded either.
      [valid, { ...valid, at: future }],
      'not a list',
    ];
    for (const positions of bodies) {
      const response = await send(me.cookie, positions);
      expect(response.status, JSON.stringify(positions).slice(0, 60)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect((await call('POST', '/api/driver/positions', { cookie: me.cookie, body: {} })).status).toBe(400);
    expect((await db().driver.findUniqueOrThrow({ where: { id: me.driver.id } })).lastPositionAt).toBeNull();
    expect(await history(id)).toEqual(['new', 'assigned']);
  });
});

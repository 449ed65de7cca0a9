import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { getDispatchTrail } from '@/lib/dispatch/server/get-dispatch-trail';
import { recordDriverPosition, recordDriverPositions } from '@/lib/fleet/server/drivers/record-driver-position';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { dispatchBody, newAdminSession, newDriver, staffOfNewAccount } from '@/test/fixtures';

// The drivers' trail (driver_trail): written by driver_positions_apply while the driver is on a
// job, one row per dispatch served, and read back as the dispatch page's route line.

const ADMIN = { refType: 'admin', refId: 'test' } as const;
const START = { lat: 24.75, lng: 46.6 };

async function assignedDispatch(accountId: string, driverId?: string) {
  const driver = driverId ? { id: driverId } : await newDriver();
  const dispatch = await createDispatch({ accountId, input: dispatchBody() });
  await assignDriver({ id: dispatch.id, scope: platformScope(), driverId: driver.id, actor: ADMIN });
  return { driverId: driver.id, id: dispatch.id };
}

/** `count` positions a second apart, ending a minute ago, walking north. */
function walk(count: number, from = Date.now() - 60_000 - count * 1000) {
  return Array.from({ length: count }, (_, i) => ({ lat: START.lat + i * 0.001, lng: START.lng, at: new Date(from + i * 1000) }));
}

async function trailRows(dispatchId: string) {
  return db().$queryRaw<{ lat: number; recordedAt: Date; driverId: string; state: string }[]>`
    SELECT lat, recorded_at AS "recordedAt", driver_id AS "driverId", state FROM driver_trail WHERE dispatch_id = ${dispatchId} ORDER BY recorded_at`;
}

describe('writing the trail', () => {
  it('keeps every position of a batch on a job, one row per dispatch it served, with the dispatch’s state', async () => {
    const { account } = await staffOfNewAccount();
    const first = await assignedDispatch(account.id);
    const second = await assignedDispatch(account.id, first.driverId);
    await changeStatus({ id: second.id, scope: platformScope(), status: 'accepted', actor: ADMIN });
    const positions = walk(3);
    expect(await recordDriverPositions({ driverId: first.driverId, positions })).toEqual({ recorded: 3 });
    for (const { id, state } of [{ id: first.id, state: 'assigned' }, { id: second.id, state: 'accepted' }]) {
      const rows = await trailRows(id);
      expect(rows.map((row) => row.lat)).toEqual(positions.map((position) => position.lat));
      expect(rows.map((row) => row.recordedAt)).toEqual(positions.map((position) => position.at));
      expect(rows.every((row) => row.driverId === first.driverId && row.state === state)).toBe(true);
    }
  });

  it('skips positions not newer than the driver’s last one (a replayed queue), as the driver’s position does', async () => {
    const { account } = await staffOfNewAccount();
    const { driverId, id } = await assignedDispatch(account.id);
    const positions = walk(4);
    await recordDriverPositions({ driverId, positions: positions.slice(0, 3) });
    expect(await recordDriverPositions({ driverId, positions })).toEqual({ recorded: 1 });
    expect((await trailRows(id)).map((row) => row.lat)).toEqual(positions.map((position) => position.lat));
  });

  it('writes nothing for a driver off duty: no dispatch, or only finished ones', async () => {
    const { account } = await staffOfNewAccount();
    const idle = await newDriver();
    await recordDriverPositions({ driverId: idle.id, positions: walk(2) });
    await recordDriverPosition({ driverId: idle.id, ...START });
    const [idleCount] = await db().$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM driver_trail WHERE driver_id = ${idle.id}`;
    expect(idleCount!.count).toBe(0);

    const { driverId, id } = await assignedDispatch(account.id);
    await recordDriverPosition({ driverId, ...START });
    for (const status of ['accepted', 'picked_up', 'delivered'] as const) await changeStatus({ id, scope: platformScope(), status, actor: ADMIN });
    await recordDriverPosition({ driverId, lat: START.lat + 0.01, lng: START.lng });
    expect(await trailRows(id)).toHaveLength(1);
  });
});

describe('GET …/dispatches/{id}/trail', () => {
  it('answers the points in time order to the account’s staff and to admins; 404 to another account', async () => {
    const { account, cookie } = await staffOfNewAccount();
    const { driverId, id } = await assignedDispatch(account.id);
    const positions = walk(5);
    // Sent out of order: the trail is in time order all the same.
    await recordDriverPositions({ driverId, positions: [positions[3]!, positions[0]!, positions[4]!, positions[1]!, positions[2]!] });

    const own = await call('GET', `/api/staff/dispatches/${id}/trail`, { cookie });
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBe(5);
    expect(own.body.data.thinned).toBe(false);
    expect(own.body.data.points.map((point: { lat: number }) => point.lat)).toEqual(positions.map((position) => position.lat));
    expect(own.body.data.points[0]).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/), lat: START.lat, lng: START.lng, state: 'assigned', driver_id: driverId });

    const admin = await newAdminSession();
    const console = await call('GET', `/api/admin/dispatches/${id}/trail`, { cookie: admin.cookie });
    expect(console.status).toBe(200);
    expect(console.body.data.points).toHaveLength(5);

    const other = await staffOfNewAccount();
    const foreign = await call('GET', `/api/staff/dispatches/${id}/trail`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(String(START.lat));
    expect((await call('GET', `/api/staff/dispatches/${id}/trail`, {})).status).toBe(401);
  });

  it('thins a long trail evenly, keeping the first and the last position', async () => {
    const { account } = await staffOfNewAccount();
    const { driverId, id } = await assignedDispatch(account.id);
    const positions = walk(50);
    await recordDriverPositions({ driverId, positions });
    const trail = await getDispatchTrail({ scope: accountScope(account.id), id, maxPoints: 10 });
    expect(trail.total).toBe(50);
    expect(trail.thinned).toBe(true);
    expect(trail.points.length).toBeLessThanOrEqual(10);
    expect(trail.points.length).toBeGreaterThanOrEqual(8);
    expect(trail.points[0]!.lat).toBe(positions[0]!.lat);
    expect(trail.points.at(-1)!.lat).toBe(positions.at(-1)!.lat);
    const times = trail.points.map((point) => point.at);
    expect([...times].sort()).toEqual(times);
  });

  it('answers an empty trail for a dispatch no driver has moved on', async () => {
    const { account, cookie } = await staffOfNewAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await call('GET', `/api/staff/dispatches/${dispatch.id}/trail`, { cookie });
    expect(response.body.data).toEqual({ points: [], total: 0, thinned: false });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { call } from '@/test/api';
import { type AdminSession, dispatchBody, newAccount, newConsoleSessions, newDriver, uniqueSuffix } from '@/test/fixtures';

// The console's drivers and fleets: the same domain code as the ops API, admins only.

let admin: AdminSession;
let staffCookie: string;

beforeAll(async () => {
  ({ admin, staffCookie } = await newConsoleSessions());
});

async function newFleet(name = `Fleet ${uniqueSuffix()}`) {
  const created = await call('POST', '/api/admin/fleets', { cookie: admin.cookie, body: { name } });
  expect(created.status).toBe(201);
  return created.body.data as { id: string; name: string };
}

describe('admins only', () => {
  it.each([
    ['GET', '/api/admin/drivers'],
    ['POST', '/api/admin/drivers'],
    ['GET', '/api/admin/drivers/drv_x'],
    ['PATCH', '/api/admin/drivers/drv_x'],
    ['GET', '/api/admin/drivers/drv_x/dispatches'],
    ['GET', '/api/admin/fleets'],
    ['POST', '/api/admin/fleets'],
    ['PATCH', '/api/admin/fleets/flt_x'],
    ['GET', '/api/admin/live-map'],
  ])('%s %s: 401 signed out, 403 for staff', async (method, path) => {
    const body = method === 'GET' ? undefined : { name: 'x' };
    const signedOut = await call(method, path, { body });
    expect(signedOut.status).toBe(401);
    const staff = await call(method, path, { cookie: staffCookie, body });
    expect(staff.status).toBe(403);
    expect(staff.body.error).toBe('forbidden');
  });
});

describe('cross-site writes', () => {
  it('refuses a console write from another site, changing nothing', async () => {
    const driver = await newDriver();
    const response = await call('PATCH', `/api/admin/drivers/${driver.id}`, {
      cookie: admin.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { is_active: false },
    });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('cross_site_request');
    expect((await call('GET', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie })).body.data.is_active).toBe(true);
  });
});

describe('drivers', () => {
  it('creates, reads, edits and pages drivers, filtered by name, fleet and status', async () => {
    const fleet = await newFleet();
    const tag = `Rider ${uniqueSuffix()}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await call('POST', '/api/admin/drivers', { cookie: admin.cookie, body: { name: `${tag} ${i}`, phone: `+96650000000${i}`, fleet_id: fleet.id } });
      expect(created.status).toBe(201);
      ids.push(created.body.data.id);
    }
    const first = await call('GET', `/api/admin/drivers?q=${encodeURIComponent(tag.toUpperCase())}&limit=2`, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body.data.map((driver: { name: string }) => driver.name)).toEqual([`${tag} 2`, `${tag} 1`]);
    expect(first.body.data[0]).toEqual({
      id: ids[2],
      name: `${tag} 2`,
      phone: '+966500000002',
      is_active: true,
      on_duty: false,
      created_at: expect.any(String),
      fleet: { id: fleet.id, name: fleet.name, is_active: true },
      sandbox_account: null,
      last_position: null,
    });
    const second = await call('GET', `/api/admin/drivers?q=${encodeURIComponent(tag)}&limit=2&cursor=${first.body.next_cursor}`, { cookie: admin.cookie });
    expect(second.body.data.map((driver: { name: string }) => driver.name)).toEqual([`${tag} 0`]);
    expect(second.body.next_cursor).toBeNull();

    const byFleet = await call('GET', `/api/admin/drivers?fleet=${fleet.id}`, { cookie: admin.cookie });
    expect(byFleet.body.data).toHaveLength(3);
    const byId = await call('GET', `/api/admin/drivers?q=${ids[0]}`, { cookie: admin.cookie });
    expect(byId.body.data.map((driver: { id: string }) => driver.id)).toEqual([ids[0]]);

    const other = await newFleet();
    const edited = await call('PATCH', `/api/admin/drivers/${ids[0]}`, {
      cookie: admin.cookie,
      body: { name: 'Renamed Rider', phone: '', fleet_id: other.id },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed Rider', phone: null, fleet: { id: other.id } });
    const read = await call('GET', `/api/admin/drivers/${ids[0]}`, { cookie: admin.cookie });
    expect(read.body.data).toEqual(edited.body.data);
    const noFleet = await call('PATCH', `/api/admin/drivers/${ids[0]}`, { cookie: admin.cookie, body: { fleet_id: null } });
    expect(noFleet.body.data.fleet).toBeNull();

    const inactive = await call('PATCH', `/api/admin/drivers/${ids[1]}`, { cookie: admin.cookie, body: { is_active: false } });
    expect(inactive.body.data.is_active).toBe(false);
    const onlyInactive = await call('GET', `/api/admin/drivers?fleet=${fleet.id}&active=false`, { cookie: admin.cookie });
    expect(onlyInactive.body.data.map((driver: { id: string }) => driver.id)).toEqual([ids[1]]);
  });

  it('marks simulated sandbox drivers and shows the last known position', async () => {
    const account = await newAccount('Sandbox Kitchen');
    const driver = await newDriver();
    const at = new Date('2026-11-22T10:00:00.000Z');
    await db().driver.update({ where: { id: driver.id }, data: { sandboxAccountId: account.id, lastLat: 24.7, lastLng: 46.6, lastPositionAt: at } });
    const read = await call('GET', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie });
    expect(read.body.data.sandbox_account).toEqual({ id: account.id, name: 'Sandbox Kitchen' });
    expect(read.body.data.last_position).toEqual({ lat: 24.7, lng: 46.6, at: '2026-11-22 10:00:00.000' });
  });

  it('refuses a deactivated driver for assignment, and takes them again once reactivated', async () => {
    const account = await newAccount();
    const driver = await newDriver();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    expect((await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body: { is_active: false } })).status).toBe(200);
    const refused = await call('POST', `/api/ops/dispatches/${dispatch.id}/assign`, { ops: true, body: { driver_id: driver.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error_desc).toContain('no active driver');
    expect(await db().dispatch.findUniqueOrThrow({ where: { id: dispatch.id }, select: { state: true } })).toEqual({ state: 'new' });
    await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body: { is_active: true } });
    expect((await call('POST', `/api/ops/dispatches/${dispatch.id}/assign`, { ops: true, body: { driver_id: driver.id } })).status).toBe(200);
  });

  it("lists a driver's dispatches across accounts, newest first, paged", async () => {
    const driver = await newDriver();
    const ids: string[] = [];
    for (const account of [await newAccount(), await newAccount()]) {
      const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
      await call('POST', `/api/ops/dispatches/${dispatch.id}/assign`, { ops: true, body: { driver_id: driver.id } });
      ids.push(dispatch.id);
    }
    const first = await call('GET', `/api/admin/drivers/${driver.id}/dispatches?limit=1`, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body.data.map((record: { id: string }) => record.id)).toEqual([ids[1]]);
    expect(first.body.data[0].assigned_driver_id).toBe(driver.id);
    const second = await call('GET', `/api/admin/drivers/${driver.id}/dispatches?limit=1&cursor=${first.body.next_cursor}`, { cookie: admin.cookie });
    expect(second.body.data.map((record: { id: string }) => record.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('answers 400 for bad input changing nothing, and 404 for an unknown driver', async () => {
    const driver = await newDriver();
    const before = await call('GET', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie });
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { is_active: 'no' }, { phone: 5 }, { fleet_id: 'flt_missing' }, { name: 'ok', fleet_id: 'flt_missing' }]) {
      const response = await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect((await call('GET', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie })).body).toEqual(before.body);
    for (const body of [{}, { name: '   ' }, { name: 'A', phone: 'x'.repeat(33) }]) {
      expect((await call('POST', '/api/admin/drivers', { cookie: admin.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ['limit=0', 'limit=abc', 'active=maybe', 'cursor=nonsense']) {
      expect((await call('GET', `/api/admin/drivers?${query}`, { cookie: admin.cookie })).status, query).toBe(400);
    }
    expect((await call('GET', '/api/admin/drivers/drv_missing', { cookie: admin.cookie })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/drivers/drv_missing', { cookie: admin.cookie, body: { name: 'x' } })).status).toBe(404);
    expect((await call('GET', '/api/admin/drivers/drv_missing/dispatches', { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('fleets', () => {
  it('lists fleets with their driver and active driver counts', async () => {
    const fleet = await newFleet('Counted Fleet');
    const empty = await newFleet('Empty Fleet');
    const drivers = [];
    for (let i = 0; i < 3; i++) drivers.push((await call('POST', '/api/admin/drivers', { cookie: admin.cookie, body: { name: `D${i}`, fleet_id: fleet.id } })).body.data);
    await call('PATCH', `/api/admin/drivers/${drivers[0].id}`, { cookie: admin.cookie, body: { is_active: false } });
    const list = await call('GET', '/api/admin/fleets?limit=500', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(fleet.id)).toEqual({ id: fleet.id, name: 'Counted Fleet', is_active: true, created_at: expect.any(String), driver_count: 3, active_driver_count: 2 });
    expect(byId.get(empty.id)).toMatchObject({ driver_count: 0, active_driver_count: 0 });
    expect(list.body.data[0].id).toBe(empty.id); // newest first
  });

  it('renames; deactivating takes its drivers out of service; reactivating leaves them as they are', async () => {
    const fleet = await newFleet();
    const driver = (await call('POST', '/api/admin/drivers', { cookie: admin.cookie, body: { name: 'In fleet', fleet_id: fleet.id } })).body.data;
    const renamed = await call('PATCH', `/api/admin/fleets/${fleet.id}`, { cookie: admin.cookie, body: { name: 'North' } });
    expect(renamed.body.data).toMatchObject({ name: 'North', is_active: true, driver_count: 1, active_driver_count: 1 });
    const off = await call('PATCH', `/api/admin/fleets/${fleet.id}`, { cookie: admin.cookie, body: { is_active: false } });
    expect(off.body.data).toMatchObject({ is_active: false, driver_count: 1, active_driver_count: 0 });
    const refused = await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body: { is_active: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error_desc).toContain('inactive');
    const other = await newDriver();
    expect((await call('PATCH', `/api/admin/drivers/${other.id}`, { cookie: admin.cookie, body: { fleet_id: fleet.id } })).status).toBe(400);
    expect((await call('POST', '/api/ops/drivers', { ops: true, body: { name: 'New', fleet_id: fleet.id } })).status).toBe(400);
    const on = await call('PATCH', `/api/admin/fleets/${fleet.id}`, { cookie: admin.cookie, body: { is_active: true } });
    expect(on.body.data).toMatchObject({ is_active: true, active_driver_count: 0 });
    expect((await call('PATCH', `/api/admin/drivers/${driver.id}`, { cookie: admin.cookie, body: { is_active: true } })).status).toBe(200);
    const inactiveOnly = await call('GET', '/api/admin/fleets?active=false&limit=500', { cookie: admin.cookie });
    expect(inactiveOnly.body.data.some((row: { id: string }) => row.id === fleet.id)).toBe(false);
  });

  it('answers 400 for bad input changing nothing, and 404 for an unknown fleet', async () => {
    const fleet = await newFleet('Stays');
    for (const body of [{}, { name: '' }, { is_active: 1 }, { name: 'x'.repeat(201) }]) {
      expect((await call('PATCH', `/api/admin/fleets/${fleet.id}`, { cookie: admin.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await db().fleet.findUniqueOrThrow({ where: { id: fleet.id } })).name).toBe('Stays');
    expect((await call('POST', '/api/admin/fleets', { cookie: admin.cookie, body: { name: ' ' } })).status).toBe(400);
    expect((await call('GET', '/api/admin/fleets?limit=0', { cookie: admin.cookie })).status).toBe(400);
    expect((await call('PATCH', '/api/admin/fleets/flt_missing', { cookie: admin.cookie, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('live map', () => {
  it('shows active drivers with a position and open dispatches; not inactive drivers or finished dispatches', async () => {
    const account = await newAccount('Map Kitchen');
    const moving = await newDriver();
    const resting = await newDriver();
    const unplaced = await newDriver();
    const now = new Date();
    await db().driver.update({ where: { id: moving.id }, data: { lastLat: 24.71, lastLng: 46.67, lastPositionAt: now } });
    await db().driver.update({ where: { id: resting.id }, data: { lastLat: 24.8, lastLng: 46.7, lastPositionAt: now, isActive: false } });
    const open = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const assigned = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await call('POST', `/api/ops/dispatches/${assigned.id}/assign`, { ops: true, body: { driver_id: moving.id } });
    const cancelled = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await call('POST', `/api/ops/dispatches/${cancelled.id}/status`, { ops: true, body: { status: 'cancelled' } });

    const map = await call('GET', '/api/admin/live-map', { cookie: admin.cookie });
    expect(map.status).toBe(200);
    const { drivers, dispatches, now: serverNow } = map.body.data;
    expect(serverNow).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const driverIds = drivers.map((driver: { id: string }) => driver.id);
    expect(driverIds).toContain(moving.id);
    expect(driverIds).not.toContain(resting.id);
    expect(driverIds).not.toContain(unplaced.id);
    expect(drivers.find((driver: { id: string }) => driver.id === moving.id)).toEqual({
      id: moving.id,
      name: moving.name,
      fleet_name: 'fleet-1',
      is_sandbox: false,
      lat: 24.71,
      lng: 46.67,
      at: expect.any(String),
      // Not sent ahead to wait at a pickup (the dispatch engine's `commit` trips).
      waiting: null,
    });
    const dispatchIds = dispatches.map((dispatch: { id: string }) => dispatch.id);
    expect(dispatchIds).toEqual(expect.arrayContaining([open.id, assigned.id]));
    expect(dispatchIds).not.toContain(cancelled.id);
    expect(dispatches.find((dispatch: { id: string }) => dispatch.id === assigned.id)).toEqual({
      id: assigned.id,
      r_id: assigned.r_id,
      vendor_oid: assigned.vendor_oid,
      state: 'assigned',
      account_id: account.id,
      account_name: 'Map Kitchen',
      assigned_driver_id: moving.id,
      pickup: { lat: 24.7136, lng: 46.6753 },
      destination: { lat: 24.7743, lng: 46.7386 },
      created_at: expect.any(String),
      // Assigned by hand, not as part of an engine trip.
      trip: null,
    });
    // Newest first across the open states.
    expect(dispatchIds.indexOf(assigned.id)).toBeLessThan(dispatchIds.indexOf(open.id));
  });
});

describe('the same operations on the ops API', () => {
  it('edits and deactivates a driver, lists, creates and deactivates fleets with the operator token', async () => {
    const driver = await newDriver();
    expect((await call('PATCH', `/api/ops/drivers/${driver.id}`, { body: { name: 'x' } })).status).toBe(401);
    expect((await call('PATCH', `/api/ops/drivers/${driver.id}`, { ops: true, body: { name: '' } })).status).toBe(400);
    expect((await call('PATCH', '/api/ops/drivers/drv_missing', { ops: true, body: { name: 'x' } })).status).toBe(404);
    const edited = await call('PATCH', `/api/ops/drivers/${driver.id}`, { ops: true, body: { name: 'Ops Edit', is_active: false } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: driver.id, name: 'Ops Edit', is_active: false });

    expect((await call('GET', '/api/ops/fleets')).status).toBe(401);
    const created = await call('POST', '/api/ops/fleets', { ops: true, body: { name: 'Ops Fleet' } });
    expect(created.status).toBe(201);
    expect((await call('POST', '/api/ops/fleets', { ops: true, body: {} })).status).toBe(400);
    const listed = await call('GET', '/api/ops/fleets?limit=500', { ops: true });
    expect(listed.body.data.some((fleet: { id: string }) => fleet.id === created.body.data.id)).toBe(true);
    expect((await call('GET', '/api/ops/fleets?active=perhaps', { ops: true })).status).toBe(400);
    const off = await call('PATCH', `/api/ops/fleets/${created.body.data.id}`, { ops: true, body: { is_active: false } });
    expect(off.body.data.is_active).toBe(false);
    expect((await call('PATCH', '/api/ops/fleets/flt_missing', { ops: true, body: { is_active: false } })).status).toBe(404);
  });
});

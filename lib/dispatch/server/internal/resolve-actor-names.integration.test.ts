import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeDestination } from '@/lib/dispatch/server/internal/change-destination';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { DispatchViewResponseSchema, getDispatchViewJson } from '@/lib/dispatch/server/get-dispatch-view';
import { AuditTrailResponseSchema } from '@/lib/dispatch/server/list-dispatch-audit';
import { actorKey, resolveActorNames } from '@/lib/dispatch/server/internal/resolve-actor-names';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newAdminSession, newDriver, newStaffSession } from '@/test/fixtures';

// Issue 19: the dispatch page's timeline and the console's audit trail showed raw ids ("by
// Restaurant usr_…"). Names are resolved on the server in one read, and a staff caller never gets
// the name of a user outside their own account (another account's staff, the platform's admins).

/**
 * A dispatch of account A touched by A's staff member, an admin, a driver, B's staff member (an
 * id that reached the history through the ops API) and the sandbox; the driver's position
 * announces an ETA.
 */
async function touchedDispatch() {
  const [mine, theirs] = [await newAccount(), await newAccount()];
  const [staff, stranger, admin, driver] = [await newStaffSession(mine.id), await newStaffSession(theirs.id), await newAdminSession(), await newDriver()];
  await db().user.update({ where: { id: staff.user.id }, data: { name: 'Sara Mine' } });
  await db().user.update({ where: { id: stranger.user.id }, data: { name: 'Omar Theirs' } });
  const scope = platformScope();
  const dispatch = await createDispatch({ accountId: mine.id, input: dispatchBody(), actor: { refType: 'vendor', refId: staff.user.id } });
  await changeDestination({
    id: dispatch.id,
    scope,
    destination: { lat: 24.77, lng: 46.74, address_line: 'Tahlia St' },
    actor: { refType: 'vendor', refId: staff.user.id },
  });
  await assignDriver({ id: dispatch.id, scope, driverId: driver.id, actor: { refType: 'admin', refId: admin.user.id } });
  await changeStatus({ id: dispatch.id, scope, status: 'accepted', actor: { refType: 'driver', refId: driver.id } });
  await changeStatus({ id: dispatch.id, scope, status: 'picked_up', actor: { refType: 'vendor', refId: stranger.user.id } });
  await recordDriverPosition({ driverId: driver.id, lat: 24.7, lng: 46.7 });
  await changeStatus({ id: dispatch.id, scope, status: 'delivered', actor: { refType: 'system', refId: 'sandbox' } });
  return { mine, staff, stranger, admin, driver, dispatch };
}

describe('resolveActorNames', () => {
  it('names the account’s own users and drivers for its staff, never another account’s users nor admins', async () => {
    const { mine, staff, stranger, admin, driver } = await touchedDispatch();
    const actors = [
      { type: 'vendor', id: staff.user.id },
      { type: 'vendor', id: stranger.user.id },
      { type: 'admin', id: admin.user.id },
      // An admin's id recorded as a restaurant actor is not a user of the account either.
      { type: 'vendor', id: admin.user.id },
      { type: 'driver', id: driver.id },
      { type: 'system', id: 'sandbox' },
      { type: 'vendor', id: 'v1' },
    ];
    const names = await resolveActorNames({ scope: accountScope(mine.id), actors });
    expect(Object.fromEntries(names)).toEqual({
      [actorKey('vendor', staff.user.id)]: { name: 'Sara Mine', email: null },
      [actorKey('driver', driver.id)]: { name: driver.name, email: null },
    });

    const everyone = await resolveActorNames({ scope: platformScope(), actors });
    expect(everyone.get(actorKey('vendor', stranger.user.id))).toEqual({ name: 'Omar Theirs', email: stranger.email });
    expect(everyone.get(actorKey('admin', admin.user.id))).toEqual({ name: 'Test Admin', email: admin.email });
    expect(everyone.get(actorKey('vendor', 'v1'))).toBeUndefined();
  });

  it('reads nothing for no actors', async () => {
    expect((await resolveActorNames({ scope: platformScope(), actors: [] })).size).toBe(0);
  });
});

describe('the dispatch page and the console name the actors', () => {
  it('GET /api/staff/dispatches/{id}: the staff member’s own name, the driver’s; never another account’s user', async () => {
    const { staff, stranger, driver, dispatch } = await touchedDispatch();
    const response = await call('GET', `/api/staff/dispatches/${dispatch.id}`, { cookie: staff.cookie });
    expect(response.status).toBe(200);
    expect(DispatchViewResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data.status.map((entry: { status: string; ref_type: string; ref_name: string | null }) => [entry.status, entry.ref_type, entry.ref_name])).toEqual([
      ['new', 'vendor', 'Sara Mine'],
      ['assigned', 'admin', null],
      ['accepted', 'driver', driver.name],
      ['picked_up', 'vendor', null],
      ['delivered', 'system', null],
    ]);
    expect(JSON.stringify(response.body)).not.toContain('Omar Theirs');
    expect(JSON.stringify(response.body)).not.toContain(stranger.email);
    expect(JSON.stringify(response.body)).not.toContain('Test Admin');
  });

  it('names whoever cancelled: the staff member for their account, an admin for the console only', async () => {
    const mine = await newAccount();
    const [member, admin] = [await newStaffSession(mine.id), await newAdminSession()];
    await db().user.update({ where: { id: member.user.id }, data: { name: 'Sara Mine' } });
    const byStaff = await createDispatch({ accountId: mine.id, input: dispatchBody(), actor: { refType: 'vendor', refId: member.user.id } });
    await cancelDispatch({ id: byStaff.id, scope: accountScope(mine.id), input: { reason: 'other' }, actor: { refType: 'vendor', refId: member.user.id } });
    const byAdmin = await createDispatch({ accountId: mine.id, input: dispatchBody(), actor: { refType: 'vendor', refId: member.user.id } });
    await cancelDispatch({ id: byAdmin.id, scope: platformScope(), input: { reason: 'other' }, actor: { refType: 'admin', refId: admin.user.id } });

    const view = await call('GET', `/api/staff/dispatches/${byStaff.id}`, { cookie: member.cookie });
    expect(DispatchViewResponseSchema.parse(view.body)).toEqual(view.body);
    expect(view.body.data.cancellation.by).toEqual({ ref_type: 'vendor', ref_id: member.user.id, ref_name: 'Sara Mine' });
    const hidden = await call('GET', `/api/staff/dispatches/${byAdmin.id}`, { cookie: member.cookie });
    expect(hidden.body.data.cancellation.by).toEqual({ ref_type: 'admin', ref_id: admin.user.id, ref_name: null });
    const inConsole = JSON.parse(await getDispatchViewJson({ id: byAdmin.id, scope: platformScope() }));
    expect(inConsole.cancellation.by.ref_name).toBe('Test Admin');
    const open = await createDispatch({ accountId: mine.id, input: dispatchBody(), actor: { refType: 'vendor', refId: mine.id } });
    expect(JSON.parse(await getDispatchViewJson({ id: open.id, scope: platformScope() })).cancellation).toBeNull();
  });

  it('GET /api/admin/dispatches/{id} and the audit trail: every user named; ETA, driver and destination events say what they changed', async () => {
    const { admin, stranger, driver, dispatch } = await touchedDispatch();
    const view = JSON.parse(await getDispatchViewJson({ id: dispatch.id, scope: platformScope() }));
    expect(view.status.find((entry: { status: string }) => entry.status === 'picked_up').ref_name).toBe('Omar Theirs');

    const record = await call('GET', `/api/admin/dispatches/${dispatch.id}`, { cookie: admin.cookie });
    expect(record.status).toBe(200);
    expect(record.body.data.status.find((entry: { status: string }) => entry.status === 'assigned').ref_name).toBe('Test Admin');

    const audit = await call('GET', `/api/admin/dispatches/${dispatch.id}/audit`, { cookie: admin.cookie });
    expect(audit.status).toBe(200);
    expect(AuditTrailResponseSchema.parse(audit.body)).toEqual(audit.body);
    const rows: { type: string; status: string | null; eta: unknown; driver_name: string | null; destination: string | null; actor_name: string | null }[] = audit.body.data;
    expect(rows.find((row) => row.type === 'dispatch.destination_updated')).toMatchObject({ destination: 'Tahlia St', actor_name: expect.stringContaining('Sara Mine') });
    expect(rows.find((row) => row.type === 'dispatch.driver_assigned')).toMatchObject({ driver_name: driver.name, actor_name: `Test Admin <${admin.email}>` });
    const eta = rows.find((row) => row.type === 'dispatch.eta_updated');
    expect(eta).toMatchObject({ status: null, eta: { stop: 'destination', minutes: expect.any(Number) }, actor_name: driver.name });
    expect(rows.find((row) => row.status === 'picked_up')?.actor_name).toBe(`Omar Theirs <${stranger.email}>`);
    expect(rows.filter((row) => row.type !== 'dispatch.eta_updated').every((row) => row.eta === null)).toBe(true);
  });
});

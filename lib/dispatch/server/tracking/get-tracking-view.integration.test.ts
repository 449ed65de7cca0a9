import { beforeAll, describe, expect, it } from 'vitest';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import type { Status } from '@/lib/dispatch/shared/transitions/statuses';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { dispatchBody, newAccount, uniqueSuffix } from '@/test/fixtures';
import { getTrackingView } from '@/lib/dispatch/server/tracking/get-tracking-view';
import { TrackingViewSchema } from '@/lib/dispatch/server/tracking/schemas';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { db } from '@/lib/platform/server/db/client';

const OPS = { refType: 'admin', refId: 'ops' } as const;

let accountId: string;
let driverId: string;

beforeAll(async () => {
  accountId = (await newAccount()).id;
  driverId = (await createDriver({ input: { name: '  Faisal Al-Harbi ', phone: '+966511000077', fleet_id: 'fleet-track' } })).id;
});

/** A new dispatch and its tracking token (the last path segment of its tracking_url). */
async function newTrackedDispatch() {
  const body = dispatchBody();
  const record = await createDispatch({ accountId, input: body });
  const token = record.tracking_url!.split('/t/')[1]!;
  return { id: record.id, token, body };
}

async function advance(id: string, statuses: Status[]) {
  for (const status of statuses) {
    if (status === 'assigned') await assignDriver({ id, scope: accountScope(accountId), driverId, actor: OPS });
    else await changeStatus({ id, scope: accountScope(accountId), status, actor: { refType: 'driver', refId: driverId } });
  }
}

async function expectNotFound(token: string) {
  const error = await getTrackingView({ token }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('not_found');
  // The same words whatever was asked: nothing about the token, nor whether a dispatch exists.
  expect((error as DomainError).message).toBe('There is no tracking page at this address');
}

describe('getTrackingView', () => {
  it('shows a new dispatch: restaurant name, coordinates, its first status, no driver and no ETA', async () => {
    const { token, body } = await newTrackedDispatch();
    expect(token).toMatch(/^[0-9A-Za-z]{24}$/);
    const view = await getTrackingView({ token });
    expect(view).toEqual({
      restaurant_name: body.vendor_name,
      state: 'new',
      is_finished: false,
      timeline: [{ status: 'new', time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/) }],
      pickup: { lat: body.pickup.lat, lng: body.pickup.lng },
      destination: { lat: body.destination.lat, lng: body.destination.lng },
      driver: null,
      eta: null,
      // The dispatch's own plan: an arrival time before any driver or position.
      plan: { pickup_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/), travel_minutes: expect.any(Number), approach_minutes: 10 },
      geofence_m: expect.any(Number),
      delivery_pin: null,
    });
    expect(view.plan.travel_minutes).toBeGreaterThanOrEqual(1);
    // Never sooner than a courier's approach after the order was placed.
    expect(Date.parse(`${view.plan.pickup_at.replace(' ', 'T')}Z`) - Date.parse(`${view.timeline[0]!.time.replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);
    expect(TrackingViewSchema.parse(view)).toEqual(view);
  });

  it('answers not_found for an unknown token, a malformed one, and a dispatch id', async () => {
    const { id, token } = await newTrackedDispatch();
    await expectNotFound('A'.repeat(24));
    await expectNotFound(`${token.slice(0, 23)}${token[23] === 'x' ? 'y' : 'x'}`);
    await expectNotFound(token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase());
    await expectNotFound(`${token}x`);
    await expectNotFound(token.slice(0, 23));
    await expectNotFound(`${token.slice(0, 23)}%`);
    await expectNotFound('');
    await expectNotFound(id);
  });

  it('shows the driver’s first name and last position while under way, and not before or after', async () => {
    const { id, token } = await newTrackedDispatch();
    await recordDriverPosition({ driverId, lat: 24.7, lng: 46.68 });
    expect((await getTrackingView({ token })).driver).toBeNull();

    await advance(id, ['assigned']);
    const assigned = await getTrackingView({ token });
    expect(assigned.state).toBe('assigned');
    expect(assigned.driver).toEqual({
      first_name: 'Faisal',
      position: { lat: 24.7, lng: 46.68, time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/) },
    });

    const moved = await recordDriverPosition({ driverId, lat: 24.71, lng: 46.69 });
    const after = await getTrackingView({ token });
    expect(after.driver?.position).toEqual({ lat: 24.71, lng: 46.69, time: formatTimestamp(new Date(moved.recorded_at)) });

    await advance(id, ['accepted', 'picked_up']);
    const pickedUp = await getTrackingView({ token });
    expect(pickedUp.state).toBe('picked_up');
    expect(pickedUp.driver?.first_name).toBe('Faisal');

    await advance(id, ['delivered']);
    const delivered = await getTrackingView({ token });
    expect(delivered).toMatchObject({ state: 'delivered', is_finished: true, driver: null, eta: null });
  });

  it('shows a driver without a reported position with a null position', async () => {
    const silent = await createDriver({ input: { name: `Noor ${uniqueSuffix()}` } });
    const { id, token } = await newTrackedDispatch();
    await assignDriver({ id, scope: accountScope(accountId), driverId: silent.id, actor: OPS });
    expect((await getTrackingView({ token })).driver).toEqual({ first_name: 'Noor', position: null });
  });

  it('shows the ETA the driver’s positions gave, none before the first, and none to the pickup once picked up', async () => {
    const driver = await createDriver({ input: { name: `Sami ${uniqueSuffix()}` } });
    const { id, token, body } = await newTrackedDispatch();
    await assignDriver({ id, scope: accountScope(accountId), driverId: driver.id, actor: OPS });
    expect((await getTrackingView({ token })).eta).toBeNull();

    // About 5 km south of the pickup: heading there.
    const first = await recordDriverPosition({ driverId: driver.id, lat: body.pickup.lat - 0.045, lng: body.pickup.lng });
    const toPickup = first.dispatches.find((effect) => effect.dispatch_id === id)!;
    expect(toPickup.stop).toBe('pickup');
    expect((await getTrackingView({ token })).eta).toEqual({
      minutes: toPickup.eta_minutes,
      stop: 'pickup',
      time: formatTimestamp(new Date(first.recorded_at)),
    });

    // Picked up: the stored estimate still leads to the restaurant, which no longer matters.
    await advance(id, ['accepted', 'picked_up']);
    expect((await getTrackingView({ token })).eta).toBeNull();

    const second = await recordDriverPosition({ driverId: driver.id, lat: body.pickup.lat, lng: body.pickup.lng });
    const toCustomer = second.dispatches.find((effect) => effect.dispatch_id === id)!;
    expect(toCustomer.stop).toBe('destination');
    const view = await getTrackingView({ token });
    expect(view.eta).toEqual({ minutes: toCustomer.eta_minutes, stop: 'destination', time: formatTimestamp(new Date(second.recorded_at)) });
    expect(view.eta!.minutes).toBeGreaterThan(0);
    expect(view.timeline.map((entry) => entry.status)).toEqual(['new', 'assigned', 'accepted', 'picked_up']);

    await changeStatus({ id, scope: accountScope(accountId), status: 'delivered', actor: OPS });
    expect((await getTrackingView({ token })).eta).toBeNull();
  });

  it('shows the platform’s QA review as delivered, and cancellations and refusals as finished', async () => {
    const reviewed = await newTrackedDispatch();
    await advance(reviewed.id, ['assigned', 'accepted', 'picked_up', 'delivered', 'qa_qc']);
    const view = await getTrackingView({ token: reviewed.token });
    expect(view.state).toBe('delivered');
    expect(view.is_finished).toBe(true);
    expect(view.timeline.map((entry) => entry.status)).toEqual(['new', 'assigned', 'accepted', 'picked_up', 'delivered']);

    for (const status of ['cancelled', 'dispatch_rejected'] as const) {
      const ended = await newTrackedDispatch();
      await advance(ended.id, [status]);
      expect(await getTrackingView({ token: ended.token })).toMatchObject({ state: status, is_finished: true, driver: null });
    }
  });

  it('contains none of the customer’s data, the address lines, the order or the actors', async () => {
    const { id, token, body } = await newTrackedDispatch();
    await advance(id, ['assigned', 'accepted']);
    const json = JSON.stringify(await getTrackingView({ token }));
    const secrets = [
      body.user_metadata.id,
      body.user_metadata.firstName!,
      body.user_metadata.lastName!,
      body.user_metadata.username!,
      body.user_metadata.email,
      body.user_metadata.phone,
      body.pickup.address_line!,
      body.destination.address_line!,
      body.pickup.ref_id!,
      body.destination.ref_id!,
      body.vendor_oid,
      body.vendor_id,
      body.vendor_bid,
      body.vendor_sid!,
      body.vendor_logo_url!,
      'Double burger',
      '87.5',
      'VISA',
      driverId,
      '+966511000077',
      'Al-Harbi',
      'fleet-track',
      id,
    ];
    for (const secret of secrets) expect(json, secret).not.toContain(secret);
    for (const key of ['user_metadata', 'vendor_payload', 'address_line', 'ref_id', 'ref_type', 'phone', 'email']) {
      expect(json).not.toContain(`"${key}"`);
    }
  });

  it('shows the delivery PIN while the account requires one and the order is not finished', async () => {
    const pinAccount = await newAccount();
    await db().account.update({ where: { id: pinAccount.id }, data: { proofOfDelivery: 'pin' } });
    const record = await createDispatch({ accountId: pinAccount.id, input: dispatchBody() });
    const token = record.tracking_url!.split('/t/')[1]!;
    const { deliveryPin } = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { deliveryPin: true } });
    expect(deliveryPin).toMatch(/^\d{4}$/);
    expect((await getTrackingView({ token })).delivery_pin).toBe(deliveryPin);
    const scope = accountScope(pinAccount.id);
    await assignDriver({ id: record.id, scope, driverId, actor: OPS });
    for (const status of ['accepted', 'picked_up'] as const) await changeStatus({ id: record.id, scope, status, actor: { refType: 'driver', refId: driverId } });
    expect((await getTrackingView({ token })).delivery_pin).toBe(deliveryPin);
    await changeStatus({ id: record.id, scope, status: 'delivered', actor: { refType: 'driver', refId: driverId } });
    expect((await getTrackingView({ token })).delivery_pin).toBeNull();
    // An account that does not ask for a PIN never shows one.
    const { token: plain } = await newTrackedDispatch();
    expect((await getTrackingView({ token: plain })).delivery_pin).toBeNull();
  });
});

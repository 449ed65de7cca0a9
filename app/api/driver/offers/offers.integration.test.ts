import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import type { CreateDispatchBody } from '@/lib/dispatch/shared/schemas';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { call } from '@/test/api';
import { autoAssigningAccount, PICKUP, signedInDriverAt } from '@/test/live-drivers';
import { deliverAll, setUpDeliveryHarness } from '@/test/delivery-harness';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';

// The driver app's offers: GET /api/driver/offers/current, POST …/{id}/accept and …/{id}/decline.

const ADMIN = { refType: 'admin', refId: 'test' } as const;
const { receiver } = setUpDeliveryHarness();

/** A signed-in driver, on duty (unless told), `km` kilometres north of the pickup. */
const signedInDriver = (km: number, { onDuty = true } = {}) => signedInDriverAt(km, { onDuty, ip: '203.0.113.30' });

async function offerIdOf(dispatchId: string) {
  return (await db().dispatchOffer.findFirstOrThrow({ where: { dispatchId, state: 'pending' }, select: { id: true } })).id;
}

/** Moves the clock past the dispatch's open offer (its whole trip), as waiting DRIVER_OFFER_TIMEOUT_S would. */
async function timeOut(dispatchId: string) {
  const past = new Date(Date.now() - 1_000);
  const offer = await db().dispatchOffer.findFirstOrThrow({ where: { dispatchId, state: 'pending' }, select: { tripId: true } });
  await db().dispatchOffer.updateMany({ where: { tripId: offer.tripId, state: 'pending' }, data: { expiresAt: past } });
  await db().trip.update({ where: { id: offer.tripId! }, data: { expiresAt: past } });
}

// The dispatch engine's rounds make the offers (lib/engine/server); run by hand here.
const rounds = new DispatchEngine({ roundMs: 60_000 });

/** A dispatch whose food is about ready (the vendor says no wait), so a round sends a driver now. */
function soonReady(accountId: string, input: CreateDispatchBody = dispatchBody()) {
  const payload = input.vendor_payload ?? dispatchBody().vendor_payload!;
  return createDispatch({ accountId, input: { ...input, vendor_payload: { ...payload, pickup_wait_time: 0 } } });
}

/** A dispatch and the round that offers it. */
async function offeredDispatch(accountId: string, input: CreateDispatchBody = dispatchBody()) {
  const record = await soonReady(accountId, input);
  await rounds.runRound();
  return record;
}

const current = (cookie: string) => call('GET', '/api/driver/offers/current', { cookie });
const accept = (offerId: string, cookie: string) => call('POST', `/api/driver/offers/${offerId}/accept`, { cookie });
const decline = (offerId: string, cookie: string) => call('POST', `/api/driver/offers/${offerId}/decline`, { cookie });

beforeEach(async () => {
  // Drivers are platform-wide: each test starts with none available and no dispatch waiting.
  await db().driver.updateMany({ data: { isActive: false } });
  await db().account.updateMany({ data: { autoAssign: false } });
});

describe('GET /api/driver/offers/current', () => {
  it('shows the driver their own open offer, and nobody else', async () => {
    const account = await autoAssigningAccount();
    const near = await signedInDriver(0.5);
    const other = await signedInDriver(3);
    const record = await offeredDispatch(account.id, { ...dispatchBody(), tip: 1250 });
    const mine = await current(near.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({
      id: expect.stringMatching(/^ofr_/),
      dispatch_id: record.id,
      r_id: record.r_id,
      expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      expires_in_ms: expect.any(Number),
      created_at: expect.stringMatching(/Z$/),
      restaurant: 'Burger House',
      pickup: { lat: PICKUP.lat, lng: PICKUP.lng, address_line: PICKUP.address_line },
      destination: { lat: record.destination.lat, lng: record.destination.lng, address_line: record.destination.address_line },
      pickup_distance_km: expect.closeTo(0.7, 1),
      trip_km: expect.any(Number),
      tip: { amount_minor: 1250, currency: 'SAR' },
      trip: {
        id: expect.stringMatching(/^trp_/),
        kind: 'final',
        ready_at: expect.any(String),
        arrive_at: expect.any(String),
        extends_trip: false,
        dispatches: [{ dispatch_id: record.id, r_id: record.r_id, destination: expect.any(Object), trip_km: expect.any(Number) }],
      },
    });
    expect(Date.parse(mine.body.data.expires_at) - Date.now()).toBeGreaterThan(40_000);
    expect(mine.body.data.expires_in_ms).toBeGreaterThan(40_000);
    expect(mine.body.data.expires_in_ms).toBeLessThanOrEqual(45_000);
    expect((await current(other.cookie)).body.data).toBeNull();
  });

  it('refuses anyone but a signed-in driver', async () => {
    expect((await call('GET', '/api/driver/offers/current')).status).toBe(401);
    const account = await newAccount();
    expect((await call('GET', '/api/driver/offers/current', { apiKey: account.api_key })).status).toBe(401);
  });

  it('drops an offer the moment its dispatch is cancelled or assigned by hand (no prompt outlives it)', async () => {
    const account = await autoAssigningAccount();
    const driver = await signedInDriver(0.5);
    const cancelled = await offeredDispatch(account.id, dispatchBody());
    const offerId = await offerIdOf(cancelled.id);
    await cancelDispatch({ id: cancelled.id, scope: platformScope(), input: { reason: 'customer_cancelled' }, actor: ADMIN });
    expect((await current(driver.cookie)).body.data).toBeNull();
    const refused = await accept(offerId, driver.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('offer_closed');
    expect(await db().dispatchOffer.findUniqueOrThrow({ where: { id: offerId }, select: { state: true } })).toEqual({ state: 'withdrawn' });

    const byHand = await offeredDispatch(account.id, dispatchBody());
    const handOfferId = await offerIdOf(byHand.id);
    await assignDriver({ id: byHand.id, scope: platformScope(), driverId: (await newDriver()).id, actor: ADMIN });
    expect((await current(driver.cookie)).body.data).toBeNull();
    expect((await accept(handOfferId, driver.cookie)).body.error).toBe('offer_closed');

    // An admin gives the offered driver another dispatch: the offer can no longer be taken.
    const offered = await offeredDispatch(account.id, dispatchBody());
    const offeredId = await offerIdOf(offered.id);
    const other = await offeredDispatch(account.id, dispatchBody());
    await assignDriver({ id: other.id, scope: platformScope(), driverId: driver.id, actor: ADMIN });
    expect((await current(driver.cookie)).body.data).toBeNull();
    expect((await accept(offeredId, driver.cookie)).body.error).toBe('offer_closed');
  });
});

describe('POST /api/driver/offers/{id}/accept', () => {
  it('records assigned (system) and accepted (driver), and the vendor’s webhooks announce them in order', async () => {
    const account = await autoAssigningAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/${account.id}`, allowPrivate: true });
    const driver = await signedInDriver(0.5);
    const record = await offeredDispatch(account.id, dispatchBody());
    const offerId = await offerIdOf(record.id);
    const accepted = await accept(offerId, driver.cookie);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ id: record.id, r_id: record.r_id, state: 'accepted' });
    expect((await current(driver.cookie)).body.data).toBeNull();

    await deliverAll();
    const bodies = receiver.received
      .filter((request) => request.path.endsWith(`/${account.id}`))
      .map((request) => JSON.parse(request.body))
      .filter((body) => body.payload?.id === record.id);
    const announced = bodies.map((body) => [body.type, body.payload.status.at(-1).status]);
    expect(announced).toEqual([
      ['dispatch.status_updated', 'new'],
      ['dispatch.status_updated', 'assigned'],
      ['dispatch.driver_assigned', 'assigned'],
      ['dispatch.status_updated', 'accepted'],
    ]);
    const stored = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { state: true, assignedDriverId: true, statusHistory: true } });
    expect(stored).toMatchObject({ state: 'accepted', assignedDriverId: driver.id });
    expect((stored.statusHistory as { ref_type: string; ref_id: string }[]).slice(1)).toEqual([
      expect.objectContaining({ status: 'assigned', ref_type: 'system', ref_id: 'auto-assign' }),
      expect.objectContaining({ status: 'accepted', ref_type: 'driver', ref_id: driver.id }),
    ]);
    // Accepting again: the offer is closed.
    const again = await accept(offerId, driver.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('offer_closed');
  });

  it('is not found for another driver’s offer or an unknown id, and changes nothing', async () => {
    const account = await autoAssigningAccount();
    await signedInDriver(0.5);
    const stranger = await signedInDriver(5, { onDuty: false });
    const record = await offeredDispatch(account.id, dispatchBody());
    const offerId = await offerIdOf(record.id);
    for (const response of [await accept(offerId, stranger.cookie), await decline(offerId, stranger.cookie), await accept('ofr_unknown', stranger.cookie)]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    expect(await db().dispatchOffer.findUniqueOrThrow({ where: { id: offerId }, select: { state: true } })).toEqual({ state: 'pending' });
  });

  it('refuses an offer that timed out; the next driver takes it', async () => {
    const account = await autoAssigningAccount();
    const first = await signedInDriver(0.5);
    const second = await signedInDriver(2);
    const record = await offeredDispatch(account.id, dispatchBody());
    const firstOffer = await offerIdOf(record.id);
    await timeOut(record.id);
    // Past its expiry the offer is gone from the app even before the next round moves it on.
    expect((await current(first.cookie)).body.data).toBeNull();
    await rounds.runRound();
    const secondOffer = (await current(second.cookie)).body.data;
    expect(secondOffer.dispatch_id).toBe(record.id);
    const late = await accept(firstOffer, first.cookie);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('offer_closed');
    expect((await accept(secondOffer.id, second.cookie)).status).toBe(200);
  });

  it('ends with exactly one winner when accepts race each other, a timeout, an assignment by hand or a cancel', async () => {
    const account = await autoAssigningAccount();
    const first = await signedInDriver(0.5);
    const second = await signedInDriver(2);
    for (let round = 0; round < 6; round++) {
      const record = await offeredDispatch(account.id, dispatchBody());
      const firstOffer = await offerIdOf(record.id);
      let responses: Awaited<ReturnType<typeof call>>[];
      if (round % 3 === 0) {
        // A double tap: the same offer accepted twice at once.
        responses = await Promise.all([accept(firstOffer, first.cookie), accept(firstOffer, first.cookie)]);
      } else if (round % 3 === 1) {
        // The first driver answers late while the offer moves on and the second driver takes it.
        await timeOut(record.id);
        await rounds.runRound();
        const secondOffer = await offerIdOf(record.id);
        responses = await Promise.all([accept(firstOffer, first.cookie), accept(secondOffer, second.cookie)]);
      } else {
        // An admin assigns another driver while the first accepts.
        responses = await Promise.all([
          accept(firstOffer, first.cookie),
          call('POST', `/api/ops/dispatches/${record.id}/assign`, { ops: true, body: { driver_id: second.id } }),
        ]);
      }
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const stored = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { statusHistory: true } });
      const assignedEntries = (stored.statusHistory as { status: string }[]).filter((entry) => entry.status === 'assigned');
      expect(assignedEntries).toHaveLength(1);
      expect(await db().dispatchOffer.count({ where: { dispatchId: record.id, state: 'accepted' } })).toBeLessThanOrEqual(1);
      // Cancelled, the dispatch frees its driver for the next round.
      await cancelDispatch({ id: record.id, scope: platformScope(), input: { reason: 'customer_cancelled' }, actor: ADMIN });
    }
  });
});

describe('an offer nobody answers, with the engine running', () => {
  it('moves to the next nearest driver when DRIVER_OFFER_TIMEOUT_S has passed', async () => {
    process.env.DRIVER_OFFER_TIMEOUT_S = '5';
    resetEnvForTests();
    const engine = new DispatchEngine({ roundMs: 15_000, minGapMs: 50 });
    try {
      const account = await autoAssigningAccount();
      const near = await signedInDriver(0.5);
      const far = await signedInDriver(2);
      const record = await soonReady(account.id);
      await engine.runRound();
      const offered = (await current(near.cookie)).body.data;
      expect(Date.parse(offered.expires_at) - Date.parse(offered.created_at)).toBe(5_000);
      engine.start();
      const deadline = Date.now() + 15_000;
      let moved = null;
      while (!moved && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        moved = (await current(far.cookie)).body.data;
      }
      expect(moved?.dispatch_id).toBe(record.id);
      // It moved only once the first offer had expired, and that one is closed.
      expect(Date.parse(moved.created_at)).toBeGreaterThanOrEqual(Date.parse(offered.expires_at));
      expect((await current(near.cookie)).body.data).toBeNull();
      expect(await db().dispatchOffer.findUniqueOrThrow({ where: { id: offered.id }, select: { state: true } })).toEqual({ state: 'expired' });
    } finally {
      await engine.stop();
      delete process.env.DRIVER_OFFER_TIMEOUT_S;
      resetEnvForTests();
    }
  });
});

describe('POST /api/driver/offers/{id}/decline', () => {
  it('closes the offer; the next round offers the dispatch to the next nearest driver', async () => {
    const account = await autoAssigningAccount();
    const near = await signedInDriver(0.5);
    const far = await signedInDriver(2);
    const record = await offeredDispatch(account.id, dispatchBody());
    const offerId = (await current(near.cookie)).body.data.id;
    const declined = await decline(offerId, near.cookie);
    expect(declined.status).toBe(200);
    expect(declined.body.data).toEqual({ id: offerId, state: 'declined' });
    expect((await current(near.cookie)).body.data).toBeNull();
    await rounds.runRound();
    expect((await current(far.cookie)).body.data.dispatch_id).toBe(record.id);
    // Declining again answers the same; accepting a declined offer is refused.
    expect((await decline(offerId, near.cookie)).body.data).toEqual({ id: offerId, state: 'declined' });
    expect((await accept(offerId, near.cookie)).body.error).toBe('offer_closed');

    // The far driver declines too: nobody left who was not offered it in the last 10 minutes.
    await decline((await current(far.cookie)).body.data.id, far.cookie);
    await rounds.runRound();
    expect(await db().dispatchOffer.count({ where: { dispatchId: record.id, state: 'pending' } })).toBe(0);
    const row = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { state: true } });
    expect(row.state).toBe('new');
  });
});

import { describe, expect, it } from 'vitest';
import { getProofOfDelivery } from '@/lib/accounts/server/update-proof-of-delivery';
import { getAccountModes } from '@/lib/accounts/server/update-account-modes';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { currentOffer } from '@/lib/fleet/server/internal/offers/current-offer';
import { markReady } from '@/lib/dispatch/server/mark-ready';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { dispatchBody } from '@/test/fixtures';
import { DEMO_DRIVER_PHONE, seedDemo } from '@/prisma/seed';

// `npm start` prints the demo driver's sign-in beside the staff and admin ones, so a newcomer can
// play restaurant, driver and customer. The demo's first restaurant is a sandbox (simulated
// drivers only), so the demo driver works for a second one with auto-assign: its new
// dispatches must reach the demo driver as offers, or the printed sign-in leads nowhere.

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

describe('the demo driver', () => {
  it('signs in with the printed phone and PIN, is on duty beside the restaurant and is offered its real-driver dispatches', async () => {
    const demo = await seedDemo();
    expect(demo).toMatchObject({ driver_phone: DEMO_DRIVER_PHONE, driver_pin: expect.stringMatching(/^\d{6}$/), live_staff_email: expect.any(String) });

    const driver = await call('POST', '/api/session', { body: { phone: demo!.driver_phone, pin: demo!.driver_pin }, headers: SAME_ORIGIN });
    expect(driver.status).toBe(200);
    expect(driver.body.data).toMatchObject({ role: 'driver', phone: DEMO_DRIVER_PHONE });
    const driverId: string = driver.body.data.driverId;
    const row = await db().driver.findUniqueOrThrow({ where: { id: driverId }, select: { onDuty: true, lastLat: true, lastLng: true, lastPositionAt: true } });
    expect(row.onDuty).toBe(true);
    expect(Date.now() - row.lastPositionAt!.getTime()).toBeLessThan(60_000);

    const staff = await call('POST', '/api/session', { body: { email: demo!.live_staff_email, password: demo!.live_staff_password }, headers: SAME_ORIGIN });
    expect(staff.status).toBe(200);
    expect(staff.body.data.accountId).toBe(demo!.live_account_id);
    const liveAccountId = demo!.live_account_id!;
    expect(await getAccountModes({ accountId: liveAccountId })).toMatchObject({ auto_assign: true, sandbox: false });
    expect(await getProofOfDelivery({ accountId: liveAccountId })).toEqual({ proof_of_delivery: 'pin' });

    // The restaurant's new dispatch is offered to the demo driver (the seed's other real drivers have no position).
    const dispatch = await createDispatch({
      accountId: liveAccountId,
      input: dispatchBody({ pickup: { ref_id: 'olaya', lat: 24.6953, lng: 46.6851, address_line: 'Olaya St 4120, Riyadh' } }),
    });
    // The dispatch engine's next round plans it (lib/engine/server); the food is ready.
    await markReady({ id: dispatch.id, scope: accountScope(liveAccountId), actor: { refType: 'vendor', refId: liveAccountId } });
    await new DispatchEngine().runRound();
    expect(await currentOffer(driverId)).toMatchObject({ dispatch_id: dispatch.id });
    // The sandbox's dispatches are not.
    expect(await db().dispatchOffer.count({ where: { accountId: demo!.account_id } })).toBe(0);
  });
});

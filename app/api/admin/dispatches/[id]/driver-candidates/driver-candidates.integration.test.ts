import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newAdminSession, staffOfNewAccount, uniqueSuffix } from '@/test/fixtures';

// The console's assign picker offers only drivers who may carry the dispatch: never another
// account's simulated drivers (assignDriver would refuse them), with duty, distance and load.

const PICKUP = dispatchBody().pickup;
const ADMIN = { refType: 'admin', refId: 'test' } as const;

async function driverAt(km: number | null, data: { onDuty?: boolean; isActive?: boolean; sandboxAccountId?: string; name?: string } = {}) {
  const name = data.name ?? `Candidate ${uniqueSuffix()}`;
  const driver = await createDriver({ input: { name, fleet_id: 'fleet-1', on_duty: data.onDuty ?? true } });
  await db().driver.update({
    where: { id: driver.id },
    data: {
      isActive: data.isActive ?? true,
      sandboxAccountId: data.sandboxAccountId ?? null,
      ...(km === null ? {} : { lastLat: PICKUP.lat + km / 111, lastLng: PICKUP.lng, lastPositionAt: new Date() }),
    },
  });
  return { id: driver.id, name };
}

describe('GET /api/admin/dispatches/{id}/driver-candidates', () => {
  it('offers the drivers who may carry it, on duty and nearest first, with distance and load; each can be assigned', async () => {
    const admin = await newAdminSession();
    const account = await newAccount();
    const elsewhere = await newAccount();
    const run = uniqueSuffix();
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const near = await driverAt(1, { name: `Near ${run}` });
    const far = await driverAt(5, { name: `Far ${run}` });
    const offDuty = await driverAt(0.2, { onDuty: false, name: `Resting ${run}` });
    const simulatedHere = await driverAt(0.1, { sandboxAccountId: account.id, name: `Sim here ${run}` });
    const simulatedElsewhere = await driverAt(0.1, { sandboxAccountId: elsewhere.id, name: `Sim elsewhere ${run}` });
    const inactive = await driverAt(0.1, { isActive: false, name: `Gone ${run}` });
    // Far carries another dispatch already.
    const other = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await assignDriver({ id: other.id, scope: platformScope(), driverId: far.id, actor: ADMIN });

    const response = await call('GET', `/api/admin/dispatches/${id}/driver-candidates?q=${encodeURIComponent(run)}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const candidates = response.body.data as { id: string; on_duty: boolean; distance_km: number | null; load: number }[];
    expect(candidates.map((candidate) => candidate.id)).toEqual([simulatedHere.id, near.id, far.id, offDuty.id]);
    expect(candidates.find((candidate) => candidate.id === near.id)).toMatchObject({ on_duty: true, distance_km: 1, load: 0 });
    expect(candidates.find((candidate) => candidate.id === far.id)).toMatchObject({ distance_km: 5, load: 1 });
    expect(candidates.map((candidate) => candidate.id)).not.toContain(simulatedElsewhere.id);
    expect(candidates.map((candidate) => candidate.id)).not.toContain(inactive.id);
    // Every candidate is one assignDriver accepts; the one left out is refused.
    for (const candidate of candidates) {
      expect((await call('POST', `/api/admin/dispatches/${id}/assign`, { cookie: admin.cookie, body: { driver_id: candidate.id } })).status).toBe(200);
    }
    const refused = await call('POST', `/api/admin/dispatches/${id}/assign`, { cookie: admin.cookie, body: { driver_id: simulatedElsewhere.id } });
    expect(refused.status).toBe(400);
  });

  it('answers 404 for an unknown dispatch, 400 for a bad query, and refuses staff', async () => {
    const admin = await newAdminSession();
    expect((await call('GET', '/api/admin/dispatches/dsp_unknown/driver-candidates', { cookie: admin.cookie })).status).toBe(404);
    const account = await newAccount();
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
    expect((await call('GET', `/api/admin/dispatches/${id}/driver-candidates?q=${'x'.repeat(201)}`, { cookie: admin.cookie })).status).toBe(400);
    const staff = await staffOfNewAccount();
    expect((await call('GET', `/api/admin/dispatches/${id}/driver-candidates`, { cookie: staff.cookie })).status).toBe(403);
  });
});

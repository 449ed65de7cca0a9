import { describe, expect, it } from 'vitest';
import { getAccountModes } from '@/lib/accounts/update-account-modes';
import { db } from '@/lib/db/client';
import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { dispatchBody } from '@/test/fixtures';
import { DEMO_SANDBOX_SPEED_KMH, seedDemo } from '@/prisma/seed';

// The demo `npm start` seeds runs in sandbox mode: what it seeded stays put for the screenshots
// and the tour, and every dispatch created afterwards is picked up by the simulator.

describe('the demo seed', () => {
  it('puts the demo account in sandbox mode after seeding its fixed dispatches', async () => {
    const demo = await seedDemo();
    expect(demo).not.toBeNull();
    const accountId = demo!.account_id;
    expect(await getAccountModes({ accountId })).toMatchObject({ sandbox: true, sandbox_speed_kmh: DEMO_SANDBOX_SPEED_KMH });
    const seeded = await db().dispatch.findMany({ where: { accountId }, select: { state: true, simNextAt: true } });
    expect(seeded.map((row) => row.state).sort()).toEqual(['assigned', 'delivered', 'new', 'picked_up']);
    expect(seeded.every((row) => row.simNextAt === null)).toBe(true);

    const created = await createDispatch({ accountId, input: dispatchBody() });
    const row = await db().dispatch.findUniqueOrThrow({ where: { id: created.id }, select: { simNextAt: true } });
    expect(row.simNextAt).not.toBeNull();
  });
});

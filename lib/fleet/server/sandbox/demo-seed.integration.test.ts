import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { describe, expect, it } from 'vitest';
import { getAccountModes } from '@/lib/accounts/server/update-account-modes';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { releaseSandboxClaims, SandboxSimulator } from '@/lib/fleet/server/sandbox/simulator';
import { dispatchBody } from '@/test/fixtures';
import { DEMO_SANDBOX_SPEED_KMH, seedDemo } from '@/prisma/seed';

// The demo `npm start` seeds runs in sandbox mode. Its dispatches used to be seeded before the
// mode was on and stayed at new / assigned / picked_up forever: the sandbox looked broken at
// first sight. Now the ones under way are the simulator's, like every dispatch created later.

describe('the demo seed', () => {
  it('leaves its dispatches under way to the simulator, which delivers them, and simulates new ones', async () => {
    const demo = await seedDemo();
    expect(demo).not.toBeNull();
    const accountId = demo!.account_id;
    expect(await getAccountModes({ accountId })).toMatchObject({ sandbox: true, sandbox_speed_kmh: DEMO_SANDBOX_SPEED_KMH });
    const seeded = await db().dispatch.findMany({
      where: { accountId },
      select: { id: true, state: true, simNextAt: true, assignedDriver: { select: { sandboxAccountId: true } } },
    });
    expect(seeded.map((row) => row.state).sort()).toEqual(['assigned', 'delivered', 'new', 'picked_up']);
    const underWay = seeded.filter((row) => row.state !== 'delivered');
    // Each one under way has a step due now, and its driver (if any) is one of the sandbox's own.
    for (const row of underWay) {
      expect(row.simNextAt, row.state).not.toBeNull();
      expect(row.simNextAt!.getTime()).toBeLessThanOrEqual(Date.now());
      if (row.state !== 'new') expect(row.assignedDriver?.sandboxAccountId).toBe(accountId);
    }
    expect(seeded.find((row) => row.state === 'delivered')!.simNextAt).toBeNull();

    // The simulator takes a step on each, then (one tick at a time, at the demo's speed) delivers them.
    const simulator = new SandboxSimulator({ tickMs: 1_000 });
    // The dispatch engine gives the new one a simulated driver (lib/engine/server).
    await new DispatchEngine().runRound();
    expect(await simulator.runOnce()).toBe(underWay.length);
    for (let tick = 0; tick < 120 && (await db().dispatch.count({ where: { accountId, simNextAt: { not: null } } })) > 0; tick++) {
      await releaseSandboxClaims();
      await simulator.runOnce();
    }
    const after = await db().dispatch.findMany({ where: { accountId }, select: { state: true, simNextAt: true } });
    expect(after).toEqual(seeded.map(() => ({ state: 'delivered', simNextAt: null })));

    const created = await createDispatch({ accountId, input: dispatchBody() });
    const row = await db().dispatch.findUniqueOrThrow({ where: { id: created.id }, select: { simNextAt: true } });
    expect(row.simNextAt).not.toBeNull();
  });
});

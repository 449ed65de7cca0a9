// One live dispatch-engine round at city scale, on PostgreSQL: `orders` open dispatches of an
// auto-assign account (ready now, from `branches` restaurants, so some bundle) and `drivers` free
// drivers on duty with fresh positions spread over Riyadh. Times the first round (which offers a
// trip to a driver for every order it can: read, plan, one transaction per decision) and a second
// one right after (everything on offer: read and plan only). Runs in this process against a
// database of its own, which it drops.
import { applyMigrations } from '@/lib/edge/server/migrate';
import { createPostgresDatabase, query } from '@/bench/support';

export interface RoundMeasure {
  orders: number;
  drivers: number;
  first: { ms: { load: number; plan: number; apply: number; total: number }; decisions: number; outcomes: Record<string, number> };
  second: { ms: { load: number; plan: number; apply: number; total: number }; decisions: number };
}

export async function measureEngineRound(options: { orders: number; drivers: number; branches: number }): Promise<RoundMeasure> {
  const { url, drop } = await createPostgresDatabase('dispatch_bench_round');
  process.env.DATABASE_URL = url;
  try {
    await applyMigrations({ databaseUrl: url });
    // Imported once DATABASE_URL names the bench's database (the client reads it on first use).
    const { createAccount } = await import('@/lib/accounts/server/create-account');
    const { updateAccountModes } = await import('@/lib/accounts/server/update-account-modes');
    const { createDispatch } = await import('@/lib/dispatch/server/create-dispatch');
    const { markReady } = await import('@/lib/dispatch/server/mark-ready');
    const { createDriver } = await import('@/lib/fleet/server/drivers/create-driver');
    const { DispatchEngine } = await import('@/lib/engine/server/live/engine');
    const { closeDb } = await import('@/lib/platform/server/db/client');
    const { accountScope } = await import('@/lib/platform/server/tenancy/scope');
    try {
      const account = await createAccount({ name: 'Bench round' });
      await updateAccountModes({ accountId: account.id, input: { auto_assign: true } });
      for (let i = 0; i < options.drivers; i++) await createDriver({ input: { name: `Round driver ${i}`, on_duty: true } });
      // Spread over about 30 × 40 km, positions fresh.
      await query(url, `UPDATE drivers SET on_duty = true, last_lat = 24.55 + random() * 0.3, last_lng = 46.55 + random() * 0.4, last_position_at = now()`);
      for (let i = 0; i < options.orders; i++) {
        const branch = i % options.branches;
        const pickup = { lat: 24.6 + (branch % 10) * 0.02, lng: 46.6 + Math.floor(branch / 10) * 0.04, address_line: `Branch ${branch}` };
        const record = await createDispatch({
          accountId: account.id,
          input: {
            pickup,
            destination: { lat: pickup.lat + 0.01 + (i % 7) * 0.004, lng: pickup.lng + 0.01 + (i % 5) * 0.004 },
            user_metadata: { id: `c${i}`, email: 'c@example.com', phone: '+966500000001' },
            vendor_id: 'bench',
            vendor_name: { 'en-us': 'Bench Kitchen' },
            vendor_oid: `round-${i}`,
            vendor_bid: `b${branch}`,
          },
        });
        await markReady({ id: record.id, scope: accountScope(account.id), actor: { refType: 'vendor', refId: account.id } });
      }
      const engine = new DispatchEngine({ roundMs: 20_000 });
      const first = await engine.runRound();
      const second = await engine.runRound();
      await engine.stop();
      return {
        orders: options.orders,
        drivers: options.drivers,
        first: { ms: first.ms, decisions: first.decisions, outcomes: first.outcomes as Record<string, number> },
        second: { ms: second.ms, decisions: second.decisions },
      };
    } finally {
      await closeDb();
    }
  } finally {
    await drop();
  }
}

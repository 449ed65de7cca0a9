// Runs once when the server starts: opens the database now instead of on the first request
// (PGlite takes seconds to open; the first request would pay for it), starts the webhook
// delivery worker and the dispatch engine (lib/engine/server: rounds run by whichever process
// leads) in this process unless WEBHOOK_WORKER=false (separate `npm run worker` processes then do both) and the sandbox simulator unless SANDBOX_SIMULATOR=false (the same
// workers run it then). On SIGTERM/SIGINT, scripts/serve.ts runs the shutdown hooks: the
// simulator finishes its steps, the worker finishes or releases its in-flight deliveries, then
// the database closes.
// NEXT_RUNTIME is set (and inlined) by Next itself; it is not configuration, so lib/platform/server/env.ts does not own it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ closeDb, db, dbKind, fillPool }, { getEnv }, { onShutdown }, { DeliveryWorker }, { releaseSandboxClaims, SandboxSimulator }] = await Promise.all([
    import('@/lib/platform/server/db/client'),
    import('@/lib/platform/server/env'),
    import('@/lib/platform/server/shutdown'),
    import('@/lib/webhooks/server/worker'),
    import('@/lib/fleet/server/sandbox/simulator'),
  ]);
  const { DispatchEngine } = await import('@/lib/engine/server/live/engine');
  const { housekeepingLoop } = await import('@/lib/edge/server/housekeeping/housekeeping-loop');
  await db().$queryRaw`SELECT 1`;
  await fillPool();
  const worker = getEnv().WEBHOOK_WORKER ? new DeliveryWorker() : null;
  await worker?.start();
  // The hourly housekeeping (expired rows, the trail's partitions) runs where the worker runs.
  const housekeeping = worker ? housekeepingLoop() : null;
  void housekeeping?.start();
  // The dispatch engine runs beside the webhook worker; one process at a time leads its rounds.
  const engine = getEnv().WEBHOOK_WORKER ? new DispatchEngine() : null;
  engine?.start();
  const simulator = getEnv().SANDBOX_SIMULATOR ? new SandboxSimulator() : null;
  // The embedded database's one owner: claims left by its previous run are dead.
  if (simulator && dbKind() === 'pglite') await releaseSandboxClaims();
  simulator?.start();
  onShutdown(async () => {
    await simulator?.stop();
    await engine?.stop();
    await Promise.all([worker?.stop(), housekeeping?.stop()]);
    await closeDb();
  });
}

// Runs once when the server starts: opens the database now instead of on the first request
// (PGlite takes seconds to open; the first request would pay for it), starts the webhook
// delivery worker and the scheduled-dispatch assigner in this process unless WEBHOOK_WORKER=false
// (separate `npm run worker` processes then do both) and the sandbox simulator unless SANDBOX_SIMULATOR=false (the same
// workers run it then). On SIGTERM/SIGINT, scripts/serve.ts runs the shutdown hooks: the
// simulator finishes its steps, the worker finishes or releases its in-flight deliveries, then
// the database closes.
// NEXT_RUNTIME is set (and inlined) by Next itself; it is not configuration, so lib/env.ts does not own it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ closeDb, db, dbKind }, { getEnv }, { onShutdown }, { DeliveryWorker }, { releaseSandboxClaims, SandboxSimulator }] = await Promise.all([
    import('@/lib/db/client'),
    import('@/lib/env'),
    import('@/lib/shutdown'),
    import('@/lib/webhooks/worker'),
    import('@/lib/sandbox/simulator'),
  ]);
  const { ScheduledAssigner } = await import('@/lib/dispatches/scheduled-assigner');
  await db().$queryRaw`SELECT 1`;
  const worker = getEnv().WEBHOOK_WORKER ? new DeliveryWorker() : null;
  await worker?.start();
  // Scheduled dispatches are offered by the background process that delivers webhooks.
  const assigner = getEnv().WEBHOOK_WORKER ? new ScheduledAssigner() : null;
  assigner?.start();
  const simulator = getEnv().SANDBOX_SIMULATOR ? new SandboxSimulator() : null;
  // The embedded database's one owner: claims left by its previous run are dead.
  if (simulator && dbKind() === 'pglite') await releaseSandboxClaims();
  simulator?.start();
  onShutdown(async () => {
    await simulator?.stop();
    await assigner?.stop();
    await worker?.stop();
    await closeDb();
  });
}

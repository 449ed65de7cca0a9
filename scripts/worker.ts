// `npm run worker`: delivers webhooks, takes part in the dispatch engine (one process at a time
// leads its rounds: lib/engine/server/internal/live/leader-lease.ts) and runs the sandbox simulator in a
// process of its own.
// Start as many as needed against one PostgreSQL (deliveries are leased, never sent by two
// workers at once; sandbox dispatches are claimed, never stepped by two simulators at once); run
// the web server with WEBHOOK_WORKER=false and SANDBOX_SIMULATOR=false then. On the embedded
// database the server's own worker and simulator are the ones to use: PGlite has a single owner
// process.
import { closeDb, db } from '@/lib/platform/server/db/client';
import { EnvError, getEnv } from '@/lib/platform/server/env';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { SandboxSimulator } from '@/lib/fleet/server/sandbox/simulator';
import { DeliveryWorker } from '@/lib/webhooks/server/worker';
import { housekeepingLoop } from '@/lib/edge/server/housekeeping/housekeeping-loop';

async function main() {
  getEnv();
  await db().$queryRaw`SELECT 1`;
  const worker = new DeliveryWorker();
  await worker.start();
  // The hourly housekeeping (expired rows, the trail's partitions) runs where the worker runs.
  const housekeeping = housekeepingLoop();
  void housekeeping.start();
  const simulator = new SandboxSimulator();
  simulator.start();
  const engine = new DispatchEngine();
  engine.start();
  console.log(`Webhook worker ${worker.id} delivering`);
  console.log(`Sandbox simulator ${simulator.id} ticking every ${getEnv().SANDBOX_TICK_MS} ms`);
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    await simulator.stop();
    console.log(`Sandbox simulator ${simulator.id} stopped after ${simulator.stepsTaken} steps`);
    await engine.stop();
    await Promise.all([worker.stop(), housekeeping.stop()]);
    await closeDb();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

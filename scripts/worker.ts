// `npm run worker`: delivers webhooks in a process of its own. Start as many as needed against
// one PostgreSQL (deliveries are leased, never sent by two workers at once); run the web server
// with WEBHOOK_WORKER=false then. On the embedded database the server's own worker is the one
// to use: PGlite has a single owner process.
import { closeDb, db } from '@/lib/db/client';
import { EnvError, getEnv } from '@/lib/env';
import { DeliveryWorker } from '@/lib/webhooks/worker';

async function main() {
  getEnv();
  await db().$queryRaw`SELECT 1`;
  const worker = new DeliveryWorker();
  await worker.start();
  console.log(`Webhook worker ${worker.id} delivering`);
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    await worker.stop();
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

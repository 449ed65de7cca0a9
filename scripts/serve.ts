// Serves the production build: one Next.js server, or with WEB_CONCURRENCY > 1 (PostgreSQL
// only) that many worker processes sharing the port through node:cluster. A Next.js server is
// one JavaScript thread; on a machine with several cores one process per core is how it scales.
import cluster from 'node:cluster';
import http from 'node:http';
import next from 'next';
import { stampClientAddress } from '@/lib/platform/server/auth/client-address';
import { EnvError, getEnv } from '@/lib/platform/server/env';
import { isSentUncompressed } from '@/lib/platform/server/http/compression';
import { refusalOf } from '@/lib/platform/server/http/request-target';
import { runShutdownHooks } from '@/lib/platform/server/shutdown';

async function serveOne(port: number) {
  const app = next({ dev: false, dir: process.cwd(), port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const trustedProxyCount = getEnv().TRUSTED_PROXY_COUNT;
  const server = http.createServer((request, response) => {
    const refusal = refusalOf(request.method ?? 'GET', request.url ?? '/');
    // Only here is the socket in hand: the app learns the client's address from this header alone.
    stampClientAddress(request, trustedProxyCount);
    if (isSentUncompressed(request.method ?? 'GET', request.url ?? '/')) delete request.headers['accept-encoding'];
    if (!refusal) return void handle(request, response);
    response.writeHead(refusal.status, { 'content-type': 'application/json; charset=utf-8' }).end(refusal.body);
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  await new Promise<void>((resolve) => server.listen(port, resolve));
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    // Stop accepting, let requests in progress finish, let the webhook worker finish or
    // release its deliveries, close the database; exit even if a client keeps a socket open.
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), getEnv().WEBHOOK_TIMEOUT_MS + 5_000).unref();
    await Promise.all([closed, runShutdownHooks()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  return server;
}

async function main() {
  const env = getEnv();
  const workers = env.WEB_CONCURRENCY;
  if (workers === 1 || !cluster.isPrimary) {
    await serveOne(env.PORT);
    if (cluster.isPrimary) console.log(`Listening on http://localhost:${env.PORT}`);
    return;
  }
  let isStopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (isStopping) return;
    console.error(`Worker ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      isStopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
      setTimeout(() => process.exit(0), 10_000).unref();
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
  console.log(`Listening on http://localhost:${env.PORT} with ${workers} worker processes`);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

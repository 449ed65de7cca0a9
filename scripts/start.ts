// `npm start`: validate the configuration, build when the sources changed, migrate, seed the
// demo on an empty embedded database, then serve. `npm run dev` does the same with `next dev`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { closeDb } from '@/lib/platform/server/db/client';
import { applyMigrations } from '@/lib/edge/server/migrate';
import { EnvError, getEnv, pgliteDataDir } from '@/lib/platform/server/env';
import { readDemoCredentials, saveDemoCredentials, seedDemo } from '@/prisma/seed';
import { ensureBuild, NEXT_BIN } from '@/scripts/ensure-build';

async function main() {
  const isDev = process.argv.includes('--dev');
  const env = getEnv();

  if (!isDev) await ensureBuild();

  const target = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: pgliteDataDir(env) };
  const applied = await applyMigrations(target);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');

  if (!env.DATABASE_URL && env.SEED_DEMO) {
    const seeded = await seedDemo();
    if (seeded) await saveDemoCredentials(env.DATA_DIR, seeded);
    const credentials = seeded ?? (await readDemoCredentials(env.DATA_DIR));
    if (credentials) {
      console.log(
        [
          '',
          `Demo account ${credentials.account_id}${seeded ? ' (just seeded)' : ''}`,
          `  API key:        ${credentials.api_key}`,
          `  Webhook secret: ${credentials.webhook_secret}`,
          ...(credentials.staff_email
            ? [`  Dashboard:      http://localhost:${env.PORT}/login  ${credentials.staff_email} / ${credentials.staff_password}`]
            : []),
          ...(credentials.admin_email
            ? [`  Admin console:  http://localhost:${env.PORT}/login  ${credentials.admin_email} / ${credentials.admin_password}`]
            : []),
          `  Try: curl -H 'x-api-key: ${credentials.api_key}' http://localhost:${env.PORT}/ext/dispatches`,
          '  (a sandbox: simulated drivers deliver its dispatches)',
          ...(credentials.driver_phone && credentials.live_staff_email
            ? [
                '',
                'Play restaurant, driver and customer in three tabs:',
                `  Restaurant:     http://localhost:${env.PORT}/login  ${credentials.live_staff_email} / ${credentials.live_staff_password}`,
                `                  "Demo Kitchen (real drivers)": auto-assign offers its new dispatches to the demo driver`,
                `  Driver app:     http://localhost:${env.PORT}/driver  phone ${credentials.driver_phone}  PIN ${credentials.driver_pin}`,
                '                  go on duty and allow location; accept the offer, pick up, deliver',
                '  Customer:       the tracking link on the dispatch’s page in the restaurant’s dashboard;',
                '                  it shows the PIN the driver asks for at the door',
                '  (a browser holds one sign-in at a time: open the driver app in a private window or on your phone)',
              ]
            : []),
          `  (kept in ${path.resolve(env.DATA_DIR, 'demo-credentials.json')})`,
          '',
        ].join('\n'),
      );
    }
  }
  // The server opens the embedded database itself: release it first (one owner at a time).
  await closeDb();

  console.log(`API docs: http://localhost:${env.PORT}/docs`);
  if (!env.OPS_TOKEN) console.log('Operator API disabled: set OPS_TOKEN (16+ characters) to enable /api/ops.');

  const server = isDev
    ? spawn(process.execPath, [NEXT_BIN, 'dev', '--port', String(env.PORT)], { stdio: 'inherit' })
    : spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

// `npm run bench:positions-cpu [-- --drivers 300 --concurrency 10]`
// The server CPU of one driver position, by what it does, without HTTP: recordDriverPositions
// called in this process for `drivers` drivers (each assigned a dispatch of its own), `concurrency`
// at a time, on a PostgreSQL database of its own. Four passes: 1.5 km from the pickup (the
// first ETA, announced), 1.45 km (nothing new), 100 m (the geofence entered: near_pickup and an
// ETA), 90 m (nothing new). Prints the CPU per position (user + system time of this process) and
// the p50 latency of each pass; see bench/results/drivers.md.
import { benchOptions, createPostgresDatabase, machine, runBench } from '@/bench/support';
import { applyMigrations } from '@/lib/edge/server/migrate';
import { closeDb } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { recordDriverPositions } from '@/lib/fleet/server/drivers/record-driver-position';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';

const cli = benchOptions();
const DRIVERS = cli.number('drivers', 300);
const CONCURRENCY = cli.number('concurrency', 10);
const M_PER_DEG_LAT = 111_320;

async function main() {
  const { url, drop } = await createPostgresDatabase('dispatch_bench_positions');
  try {
    await applyMigrations({ databaseUrl: url });
    process.env.DATABASE_URL = url;
    const account = await newAccount();
    const drivers: { id: string; pickup: { lat: number; lng: number } }[] = [];
    for (let i = 0; i < DRIVERS; i++) {
      const driver = await newDriver();
      const input = dispatchBody();
      const { id } = await createDispatch({ accountId: account.id, input });
      await assignDriver({ id, scope: platformScope(), driverId: driver.id, actor: { refType: 'admin', refId: 'bench' } });
      drivers.push({ id: driver.id, pickup: input.pickup });
    }
    console.log(`${machine()}; ${DRIVERS} drivers, ${CONCURRENCY} at a time`);
    for (const [pass, metres] of [['the first ETA', 1_500], ['nothing new', 1_450], ['geofence entered', 100], ['nothing new', 90]] as const) {
      let next = 0;
      const times: number[] = [];
      const cpuBefore = process.cpuUsage();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < drivers.length) {
            const driver = drivers[next++]!;
            const started = performance.now();
            const at = new Date();
            await recordDriverPositions({ driverId: driver.id, positions: [{ lat: driver.pickup.lat + metres / M_PER_DEG_LAT, lng: driver.pickup.lng, at }] });
            times.push(performance.now() - started);
          }
        }),
      );
      const cpu = process.cpuUsage(cpuBefore);
      times.sort((a, b) => a - b);
      console.log(
        `${pass.padEnd(17)} CPU ${((cpu.user + cpu.system) / 1000 / DRIVERS).toFixed(2)} ms a position, p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms`,
      );
    }
  } finally {
    await closeDb();
    await drop();
  }
}

runBench(main);

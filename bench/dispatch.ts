// npm run bench:dispatch -- <instances_dir> [--seeds 0-4] [--policy engine,nearest] [--ready known,estimate] [--round-s 60] [--each yes]
// Replays every MDRP instance in a folder (each solution checked against every rule of the
// instances) and prints, per policy and ready-time mode, the mean over instances of each
// instance's figures (the convention of Reyes et al. 2018), the instances the paper reports one
// by one, and the decision time per round over all rounds. Pure computation: no server, no
// database; it starts no process, so there is nothing to clean up.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, percentile, replayInstance, replayOptionsFrom } from '@/lib/engine/server/mdrp/replay-instance';
import { machine } from './support';

/** The poorly staffed instances Reyes et al. 2018 report one by one: click-to-door mean and % undelivered. */
const PAPER_SINGLES: Record<string, { mean: number; undeliveredPct: number }> = {
  '5o100t100s1p100': { mean: 37.1, undeliveredPct: 0.6 },
  '5o50t100s1p100': { mean: 38.3, undeliveredPct: 0.5 },
  '5o50t100s1p125': { mean: 42.7, undeliveredPct: 1.3 },
  '7o50t100s1p125': { mean: 38.0, undeliveredPct: 0.6 },
};

interface Row {
  name: string;
  mean: number;
  p90: number;
  overPct: number;
  undeliveredPct: number;
  readyToPickup: number;
  costPerOrder: number;
  ordersPerBundle: number;
  roundP99: number;
}

function seedsFrom(text: string): Set<string> {
  const match = /^(\d)(?:-(\d))?$/.exec(text);
  if (!match) throw new Error('--seeds is a digit or a range such as 0-4');
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  return new Set(Array.from({ length: to - from + 1 }, (_, index) => String(from + index)));
}

const average = (rows: readonly Row[], key: keyof Omit<Row, 'name'>) => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;

async function main() {
  const { positional, options } = parseArgs(process.argv.slice(2));
  const [root] = positional;
  if (!root) {
    console.error('usage: npm run bench:dispatch -- <instances_dir> [--seeds 0-4] [--policy engine,nearest] [--ready known,estimate] [--round-s 60] [--each yes]');
    process.exit(2);
  }
  const seeds = seedsFrom(options.get('seeds') ?? '0-9');
  const policies = (options.get('policy') ?? 'engine').split(',');
  const readies = (options.get('ready') ?? 'known').split(',');
  const names = (await readdir(root, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && seeds.has(entry.name[0]!))
    .map((entry) => entry.name)
    .sort();
  if (names.length === 0) throw new Error(`no instance of seeds ${[...seeds].join(',')} in ${root}`);
  console.log(`${names.length} instances of seeds ${[...seeds].join(',')} in ${root}; ${machine()}`);
  console.log('| policy | ready times | click-to-door mean | p90 | % over 40 | % undelivered | ready-to-pickup | cost per order | orders per bundle | round p50 ms | round p99 ms | infeasible |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const singles: string[] = [];
  let infeasibleTotal = 0;
  for (const policy of policies) {
    for (const ready of readies) {
      const replayOptions = replayOptionsFrom(new Map([...options, ['policy', policy], ['ready', ready]]));
      const rows: Row[] = [];
      const allRounds: number[] = [];
      let infeasible = 0;
      for (const name of names) {
        const run = await replayInstance(path.join(root, name), replayOptions);
        const m = run.check.metrics;
        if (!run.check.feasible) {
          infeasible++;
          console.error(`${name} (${policy}, ${ready}): INFEASIBLE — ${run.check.violations.slice(0, 3).join('; ')}`);
        }
        allRounds.push(...run.roundMs);
        const row: Row = {
          name,
          mean: m.clickToDoor.mean,
          p90: m.clickToDoor.p90,
          overPct: m.overTargetPct,
          undeliveredPct: m.undeliveredPct,
          readyToPickup: m.readyToPickup.mean,
          costPerOrder: m.costPerOrder,
          ordersPerBundle: m.ordersPerBundle.mean,
          roundP99: percentile(run.roundMs, 0.99),
        };
        rows.push(row);
        if (options.get('each') === 'yes') console.error(JSON.stringify({ policy, ready, ...row }));
        const paper = PAPER_SINGLES[name];
        if (paper) {
          singles.push(
            `| ${name} | ${policy} | ${ready} | ${row.mean.toFixed(1)} (paper ${paper.mean}) | ${row.undeliveredPct.toFixed(2)} % (paper ${paper.undeliveredPct} %) |`,
          );
        }
      }
      allRounds.sort((a, b) => a - b);
      infeasibleTotal += infeasible;
      console.log(
        `| ${policy} | ${ready} | ${average(rows, 'mean').toFixed(2)} | ${average(rows, 'p90').toFixed(2)} | ${average(rows, 'overPct').toFixed(2)} | ${average(rows, 'undeliveredPct').toFixed(2)} | ${average(rows, 'readyToPickup').toFixed(2)} | ${average(rows, 'costPerOrder').toFixed(2)} | ${average(rows, 'ordersPerBundle').toFixed(2)} | ${percentile(allRounds, 0.5).toFixed(2)} | ${percentile(allRounds, 0.99).toFixed(2)} | ${infeasible} |`,
      );
    }
  }
  if (singles.length > 0) {
    console.log('\n| instance | policy | ready times | click-to-door mean | undelivered |\n|---|---|---|---|---|');
    for (const line of singles) console.log(line);
  }
  if (infeasibleTotal > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});

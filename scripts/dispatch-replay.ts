// npm run dispatch:replay -- <instance_dir> <solution_dir> [--policy engine|nearest] [--ready known|estimate] [--round-s 60]
// Replays one MDRP instance through the dispatch engine on a simulated clock, writes the three
// files Grubhub's evaluator reads into <solution_dir>, checks them against every rule of the
// instances, and prints the figures. Exits 1 when the solution breaks a rule.
import { parseArgs, percentile, replayInstance, replayOptionsFrom, REPLAY_USAGE } from '@/lib/engine/server/mdrp/replay-instance';
import { writeSolution } from '@/lib/engine/server/mdrp/solution';

async function main() {
  const { positional, options } = parseArgs(process.argv.slice(2));
  const [instanceDir, solutionDir] = positional;
  if (!instanceDir || !solutionDir || positional.length > 2) {
    console.error(`usage: npm run dispatch:replay -- <instance_dir> <solution_dir> ${REPLAY_USAGE}`);
    process.exit(2);
  }
  const replayOptions = replayOptionsFrom(options);
  const run = await replayInstance(instanceDir, replayOptions);
  await writeSolution(solutionDir, run.solution);
  const { metrics, feasible, violations } = run.check;
  console.log(`${instanceDir}: ${replayOptions.policy} policy, ready times ${replayOptions.ready}, a round every ${replayOptions.roundS} s`);
  console.log(`  delivered ${metrics.ordersDelivered} of ${metrics.ordersTotal} (${metrics.undeliveredPct.toFixed(2)} % undelivered)`);
  console.log(`  click-to-door mean ${metrics.clickToDoor.mean.toFixed(2)} min, 90th percentile ${metrics.clickToDoor.p90.toFixed(1)}, over 40 min ${metrics.overTargetPct.toFixed(1)} %`);
  console.log(`  ready-to-pickup mean ${metrics.readyToPickup.mean.toFixed(2)} min, cost per order ${metrics.costPerOrder.toFixed(2)}, orders per bundle ${metrics.ordersPerBundle.mean.toFixed(2)}`);
  console.log(`  decision per round p50 ${percentile(run.roundMs, 0.5).toFixed(2)} ms, p99 ${percentile(run.roundMs, 0.99).toFixed(2)} ms over ${run.roundMs.length} rounds`);
  console.log(`  solution written to ${solutionDir}: ${feasible ? 'feasible' : 'INFEASIBLE'}`);
  for (const violation of violations.slice(0, 20)) console.log(`    ${violation}`);
  if (!feasible) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});

import { checkSolution, type MdrpCheck } from '@/lib/engine/server/internal/mdrp/check-solution';
import { readInstance } from '@/lib/engine/server/internal/mdrp/instance';
import { replay, type ReplayOptions } from '@/lib/engine/server/internal/mdrp/replay';
import type { MdrpSolution } from '@/lib/engine/server/mdrp/solution';

export interface InstanceRun {
  solution: MdrpSolution;
  check: MdrpCheck;
  /** Decision time per round, milliseconds, sorted. */
  roundMs: number[];
}

/** Replays the instance in `dir` and checks the solution against every rule of the instances. */
export async function replayInstance(dir: string, options: ReplayOptions): Promise<InstanceRun> {
  const instance = await readInstance(dir);
  const { solution, roundMs } = replay(instance, options);
  return { solution, check: checkSolution(instance, solution), roundMs: [...roundMs].sort((a, b) => a - b) };
}

/** The `q` quantile (0–1) of sorted values, nearest rank. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const REPLAY_USAGE = '[--policy engine|nearest] [--ready known|estimate] [--round-s 60]';

/** `--policy`, `--ready` and `--round-s` from a command line; throws a readable error on anything else. */
export function replayOptionsFrom(args: Map<string, string>): ReplayOptions {
  const policy = args.get('policy') ?? 'engine';
  const ready = args.get('ready') ?? 'known';
  const roundS = Number(args.get('round-s') ?? 60);
  if (policy !== 'engine' && policy !== 'nearest') throw new Error(`--policy must be engine or nearest, not ${policy}`);
  if (ready !== 'known' && ready !== 'estimate') throw new Error(`--ready must be known or estimate, not ${ready}`);
  if (!Number.isInteger(roundS) || roundS < 60 || roundS % 60 !== 0) throw new Error('--round-s must be a whole number of minutes in seconds (60, 120, …)');
  return { policy, ready, roundS };
}

/** Splits `a b --name value` into positionals and options. */
export function parseArgs(argv: readonly string[]): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg.startsWith('--')) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      options.set(arg.slice(2), value);
      index++;
    } else positional.push(arg);
  }
  return { positional, options };
}

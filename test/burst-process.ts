import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

// A test's second (third, fourth…) server process: a script under test/ run with its own
// database pool, which prints a line when ready and answers each line on stdin with one line.
// Tests that prove a rule holds across processes on one PostgreSQL start them here.

const started: ChildProcess[] = [];

/** Starts `script` (a path from the repository root) with `args` and a pool of `poolSize` connections. */
export function startBurstProcess(script: string, args: string[], poolSize: number) {
  const child = spawn(process.execPath, ['--experimental-wasm-modules', '--no-warnings', '--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_POOL_SIZE: String(poolSize) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  started.push(child);
  const lines = readline.createInterface({ input: child.stdout! });
  /** The process's next line of output. */
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    });
  return { child, ready: next(), next };
}

/** Kills every process started here (for afterAll). */
export function killBurstProcesses(): void {
  for (const child of started.splice(0)) child.kill('SIGKILL');
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs scripts/migrate.ts in a child process: the WASM schema engine needs Node's
 * --experimental-wasm-modules, which a Vitest worker does not have.
 */
export async function runMigrateScript(env: Record<string, string>, args: string[] = []) {
  return run(process.execPath, ['--experimental-wasm-modules', '--no-warnings', '--import', 'tsx', 'scripts/migrate.ts', ...args], {
    env: { ...process.env, ...env },
    cwd: process.cwd(),
  });
}

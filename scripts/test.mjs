// `npm test`: every Vitest tier (unit, PGlite, PostgreSQL), then the Playwright end-to-end tests.
// Prints one closing line, `N passed, N failed`, and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const results = path.resolve('test-results');
fs.mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: process.env.CI ?? '1' };

function run(command, args) {
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const vitestFile = path.join(results, 'vitest.json');
const e2eFile = path.join(results, 'e2e.json');
fs.rmSync(vitestFile, { force: true });
fs.rmSync(e2eFile, { force: true });

const vitestStatus = run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const e2eStatus = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test']);

let passed = 0;
let failed = 0;
const vitest = readJson(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else if (vitestStatus !== 0) {
  failed += 1;
}
const e2e = readJson(e2eFile);
if (e2e?.stats) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected;
} else if (e2eStatus !== 0) {
  failed += 1;
}
if ((vitestStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestStatus === 0 && e2eStatus === 0 ? 0 : 1);

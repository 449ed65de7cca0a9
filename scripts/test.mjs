// `npm test`: every Vitest tier (unit, PGlite, PostgreSQL), then the Playwright end-to-end tests.
// Prints one closing line, `N passed, N failed`, and exits non-zero if anything failed.
// Needs nothing but Node and `npm install`: with no PostgreSQL at TEST_POSTGRES_URL the tiers start
// a throwaway one from npm (test/test-postgres.ts); a missing Chromium is installed from Debian
// when this runs as root with apt-get, and otherwise named, with what to install, before and after.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const results = path.resolve('test-results');
fs.mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: process.env.CI ?? '1' };

function run(command, args, extraEnv = {}) {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).status ?? 1;
}

// The same default as playwright.config.ts.
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
const CHROMIUM_MISSING =
  CHROMIUM === DEBIAN_CHROMIUM
    ? `The end-to-end tests need Chromium at ${CHROMIUM}, and there is none: install Debian's chromium ` +
      `package (sudo apt-get update && sudo apt-get install -y chromium; run as root, npm test does that ` +
      `itself), or set CHROMIUM_PATH to a Chromium or Chrome executable. The tests launch that ` +
      `executable, not a browser from \`npx playwright install\`.`
    : `CHROMIUM_PATH=${CHROMIUM} is not an executable: point it at a Chromium or Chrome executable, or ` +
      `unset it to use Debian's chromium package at ${DEBIAN_CHROMIUM} (sudo apt-get install -y chromium).`;

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Installs Debian's chromium (as .ci/run did) when it is missing and this may: root, apt-get. */
function ensureChromium() {
  if (isExecutable(CHROMIUM)) return true;
  if (CHROMIUM !== DEBIAN_CHROMIUM || process.getuid?.() !== 0 || !hasCommand('apt-get')) return false;
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package (apt-get install -y chromium)…`);
  const apt = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['install', '-y', '-q', 'chromium'], apt) !== 0) {
    run('apt-get', ['update', '-q'], apt);
    run('apt-get', ['install', '-y', '-q', 'chromium'], apt);
  }
  return isExecutable(CHROMIUM);
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

const hasChromium = ensureChromium();
if (!hasChromium) console.error(`${CHROMIUM_MISSING}\nRunning the Vitest tiers; the end-to-end tests will not run.`);

const vitestStatus = run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const e2eStatus = hasChromium ? run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test']) : 1;

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

if (!hasChromium) console.error(`End-to-end tests not run. ${CHROMIUM_MISSING}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestStatus === 0 && e2eStatus === 0 ? 0 : 1);

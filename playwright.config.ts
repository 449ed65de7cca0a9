import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';
const DATA_DIR = path.join(os.tmpdir(), `dispatch-e2e-${process.pid}`);
// The web server's database is thrown away when the run ends: by then Playwright has stopped the
// server (its teardown comes after the global teardown, so it cannot be done there).
process.on('exit', () => fs.rmSync(DATA_DIR, { recursive: true, force: true }));
// The tests create dispatches in bulk through the vendor API, faster than its default rate limit
// (20 a second per account): no default limit for the servers they start (the web server below
// and the ones specs spawn with process.env). The limit has its integration tests.
process.env.API_RATE_LIMIT_PER_S ??= '0';

// End-to-end tests run `npm start`'s own script (build when needed, migrate, seed, serve) on a
// throwaway embedded database, and drive it over HTTP and in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './test/playwright-global-setup.ts',
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node --experimental-wasm-modules --no-warnings --import tsx scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DATABASE_URL: '',
      OPS_TOKEN: E2E_OPS_TOKEN,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // No network in tests: maps draw without tiles.
      MAP_TILE_URL: '',
      // Short enough for e2e/driver-app.spec.ts to watch an offer time out and move on.
      DRIVER_OFFER_TIMEOUT_S: '8',
      // The sandbox's kitchen: food ready 2 s after the order (npm start's 90 s would slow every sandbox spec).
      SANDBOX_PREP_S: '2',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});

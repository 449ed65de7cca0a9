import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };
const integration = ['{app,lib}/**/*.integration.test.ts'];

// Three tiers: pure unit tests, and every integration test twice — against an
// embedded PGlite and against a throwaway PostgreSQL database.
export default defineConfig({
  resolve: { alias },
  test: {
    // Integration files mostly wait on a database (each has its own), so two run at once even on
    // two cores, where Vitest's default (cores - 1) would run one at a time: the suite took 494 s
    // instead of 775 s on a 2-vCPU VM (2026-11-28).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['{app,components,lib,scripts,test}/**/*.test.ts'],
          exclude: integration,
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'pglite',
          include: integration,
          environment: 'node',
          globalSetup: ['test/global-setup-pglite.ts'],
          setupFiles: ['test/setup-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'postgres',
          include: integration,
          environment: 'node',
          globalSetup: ['test/global-setup-postgres.ts'],
          setupFiles: ['test/setup-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrateScript } from '@/test/run-migrations';

// Migrates one embedded database once; every test file then works on its own copy of it.
export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-pglite-'));
  const template = path.join(root, 'template');
  await runMigrateScript({ DATA_DIR: template, DATABASE_URL: '' });
  project.provide('database', { kind: 'pglite', templateDir: template, root });
  return async () => {
    await fs.rm(root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    database:
      | { kind: 'pglite'; templateDir: string; root: string }
      | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { closeDb } from '@/lib/platform/server/db/client';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { adminQuery, databaseUrl } from '@/test/global-setup-postgres';

// Gives each test file a fresh, migrated database of the project's kind before anything opens it.

import { OPS_TOKEN } from '@/test/ops-token';

const database = inject('database');
process.env.OPS_TOKEN = OPS_TOKEN;
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
process.env.SEED_DEMO = 'false';
// Tests call the vendor API faster than the default rate limit allows; the rate-limit tests turn
// it on (per account, or through these variables and resetEnvForTests).
process.env.API_RATE_LIMIT_PER_S = '0';
// Sandbox kitchens have their food ready at once unless a test sets a preparation time (the
// simulator's kitchen wait is tested with its own `prepS`).
process.env.SANDBOX_PREP_S ??= '0';

if (database.kind === 'pglite') {
  const dir = path.join(database.root, `file-${randomBytes(4).toString('hex')}`);
  await fs.cp(database.templateDir, dir, { recursive: true });
  process.env.DATABASE_URL = '';
  process.env.DATA_DIR = dir;
  afterAll(async () => {
    await closeDb();
    await fs.rm(dir, { recursive: true, force: true });
  });
} else {
  const name = `dispatch_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(database.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${database.template}`);
  process.env.DATABASE_URL = databaseUrl(database.adminUrl, name);
  afterAll(async () => {
    await closeDb();
    await adminQuery(database.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
resetEnvForTests();

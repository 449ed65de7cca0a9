import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMigrateScript } from '@/test/run-migrations';

// Guards against a schema.prisma change shipped without its migration.
describe('migration drift check', { timeout: 90_000 }, () => {
  it('finds schema.prisma and prisma/migrations in agreement', async () => {
    await expect(runMigrateScript({}, ['--check'])).resolves.toBeDefined();
  });

  it('fails when the schema moves ahead of the migrations', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-drift-'));
    const schema = path.join(dir, 'schema.prisma');
    const original = await fs.readFile('prisma/schema.prisma', 'utf8');
    await fs.writeFile(schema, `${original}\nmodel Drifted {\n  id String @id\n}\n`);
    try {
      await expect(runMigrateScript({}, ['--check', '--schema', schema])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('CREATE TABLE "Drifted"'),
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

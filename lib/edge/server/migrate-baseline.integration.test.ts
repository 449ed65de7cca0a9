import { describe, expect, it } from 'vitest';
import { closeDb, db } from '@/lib/platform/server/db/client';
import { BASELINE } from '@/lib/edge/server/migrate';
import { getEnv } from '@/lib/platform/server/env';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { runMigrateScript } from '@/test/run-migrations';

// A database migrated before the squash holds the migrations BASELINE replaces, not BASELINE:
// `npm run db:migrate` must take it as it is (recording the baseline, running nothing), and
// refuse one that stopped part-way. The schema each leads to is the same (the squash was checked
// with pg_dump); here the rows of _prisma_migrations are made to look like such a database.

async function pretendMigratedBefore(names: readonly string[]): Promise<void> {
  const client = db();
  await client.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE migration_name = '${BASELINE.name}'`);
  for (const name of names) {
    await client.$executeRawUnsafe(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES (gen_random_uuid()::text, 'squashed', $1, now(), now(), 1)`,
      name,
    );
  }
  await closeDb();
}

async function migrate() {
  return runMigrateScript({ DATABASE_URL: getEnv().DATABASE_URL ?? '', DATA_DIR: getEnv().DATA_DIR });
}

async function finished(): Promise<string[]> {
  const rows = await db().$queryRawUnsafe<{ migration_name: string }[]>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
  );
  return rows.map((row) => row.migration_name);
}

describe('the squashed migrations', { timeout: 120_000 }, () => {
  it('refuses a database that ran only some of the replaced migrations, and changes nothing', async () => {
    await pretendMigratedBefore(BASELINE.replaces.slice(0, -1));
    await expect(migrate()).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`stopped at migration ${BASELINE.replaces.at(-2)}, before ${BASELINE.name}`),
    });
    expect(await finished()).toEqual(BASELINE.replaces.slice(0, -1));
  });

  it('records the baseline on a database that ran every replaced migration, runs nothing, and the data stays', async () => {
    await db().$executeRawUnsafe('DELETE FROM _prisma_migrations');
    const account = await newAccount();
    const created = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await pretendMigratedBefore(BASELINE.replaces);

    const { stdout } = await migrate();
    expect(stdout).toContain('Database is up to date.');
    expect(await finished()).toEqual([...BASELINE.replaces, BASELINE.name].sort());
    const [row] = await db().$queryRawUnsafe<{ id: string }[]>('SELECT id FROM dispatches WHERE id = $1', created.id);
    expect(row?.id).toBe(created.id);

    await closeDb();
    await expect(migrate()).resolves.toMatchObject({ stdout: expect.stringContaining('Database is up to date.') });
  });
});

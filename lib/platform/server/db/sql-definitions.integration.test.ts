import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, db, embeddedDatabase } from '@/lib/platform/server/db/client';
import { applySqlFiles, findSqlDrift, readSqlFiles, type SqlDatabase } from '@/lib/platform/server/db/sql-definitions';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { getEnv } from '@/lib/platform/server/env';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { runMigrateScript } from '@/test/run-migrations';

// Guards against a database function or trigger that differs from its lib/<module>/server/sql file (changed by
// hand, or restated by a migration), exists in no file, or is in a file but not in the database:
// the way migrate-drift.test.ts holds the tables to schema.prisma.

let pool: pg.Pool | null = null;

function database(): SqlDatabase {
  const embedded = embeddedDatabase();
  if (embedded) return embedded.pglite;
  pool ??= new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: 1 });
  return pool;
}

async function endPool(): Promise<void> {
  await pool?.end();
  pool = null;
}

afterAll(endPool);

async function exec(sql: string): Promise<void> {
  await db().$executeRawUnsafe(sql);
}

describe('database functions and triggers against lib/<module>/server/sql', { timeout: 60_000 }, () => {
  it('finds the migrated database identical to the files', async () => {
    expect(await findSqlDrift(database())).toEqual([]);
  });

  it('finds a definition changed by hand, and applying the files puts it back', async () => {
    await exec(`CREATE OR REPLACE FUNCTION webhook_wake_workers() RETURNS void LANGUAGE sql AS $$ SELECT pg_notify('typo', '') $$`);
    await exec(`CREATE OR REPLACE TRIGGER dispatch_events_notify_change AFTER INSERT OR UPDATE ON "dispatch_events"
                FOR EACH ROW EXECUTE FUNCTION notify_dispatch_change()`);
    expect(await findSqlDrift(database())).toEqual([
      expect.objectContaining({
        object: 'function webhook_wake_workers()',
        problem: 'differs from its file',
        file: '30_webhook_wake_workers.sql',
        database: expect.stringContaining(`'typo'`),
        expected: expect.stringContaining(`'webhook_deliveries'`),
      }),
      expect.objectContaining({
        object: 'trigger dispatch_events_notify_change on dispatch_events',
        problem: 'differs from its file',
        file: '40_notify_dispatch_change.sql',
      }),
    ]);
    await applySqlFiles(database());
    expect(await findSqlDrift(database())).toEqual([]);
  });

  it('finds a function and a trigger that no file defines', async () => {
    await exec(`CREATE FUNCTION stray_count() RETURNS bigint LANGUAGE sql AS 'SELECT count(*) FROM dispatches'`);
    await exec(`CREATE TRIGGER drivers_notify_change AFTER INSERT ON drivers FOR EACH ROW EXECUTE FUNCTION notify_dispatch_change()`);
    try {
      expect(await findSqlDrift(database())).toEqual([
        { object: 'function stray_count()', problem: 'in no file' },
        { object: 'trigger drivers_notify_change on drivers', problem: 'in no file' },
      ]);
    } finally {
      await exec('DROP TRIGGER drivers_notify_change ON drivers');
      await exec('DROP FUNCTION stray_count()');
    }
    expect(await findSqlDrift(database())).toEqual([]);
  });

  it('finds a file whose function the database lacks, and a file that does not hold the function it is named after', async () => {
    const files = await readSqlFiles();
    const orphan = `CREATE OR REPLACE FUNCTION orphan() RETURNS integer LANGUAGE sql AS 'SELECT 1';`;
    expect(await findSqlDrift(database(), [...files, { name: '60_orphan.sql', path: 'lib/platform/server/sql/60_orphan.sql', sql: orphan }])).toEqual([
      { object: 'function orphan()', problem: 'not in the database', file: '60_orphan.sql' },
    ]);
    expect(await findSqlDrift(database(), [...files, { name: '60_lonely.sql', path: 'lib/platform/server/sql/60_lonely.sql', sql: orphan }])).toEqual([
      { object: 'function orphan()', problem: 'in the wrong file', file: '60_lonely.sql' },
      { object: 'function lonely', problem: 'missing from its file', file: '60_lonely.sql' },
      { object: 'function orphan()', problem: 'not in the database', file: '60_lonely.sql' },
    ]);
    // The check ran in a transaction that was rolled back: nothing stayed behind.
    expect(await findSqlDrift(database())).toEqual([]);
  });

  it('brings a database with older functions and without newer ones to the files', async () => {
    // As an older release left it: a fan-out that did not wake the workers, and none of the functions that came later.
    const fanOut = (await readSqlFiles()).find((sql) => sql.name === '40_dispatch_events_fan_out.sql')!;
    const fanOutFunction = fanOut.sql.slice(0, fanOut.sql.indexOf('\nCREATE OR REPLACE TRIGGER'));
    const older = fanOutFunction.replace(/\n  IF delivered THEN\n    PERFORM webhook_wake_workers\(\);\n  END IF;/, '');
    expect(older).not.toBe(fanOutFunction);
    await exec(older);
    await exec(`DROP FUNCTION webhook_must_wait(text, text, integer), webhook_wake_workers(),
                              dispatch_events_append(dispatches, text[], text[], text, text), dispatch_event_payload(dispatches, text)`);
    const drift = await findSqlDrift(database());
    expect(drift.map(({ object, problem }) => `${object}: ${problem}`).sort()).toEqual([
      'function dispatch_event_payload(d dispatches, type text): not in the database',
      'function dispatch_events_append(d dispatches, event_ids text[], types text[], actor_type text, actor_id text): not in the database',
      'function dispatch_events_fan_out(): differs from its file',
      'function webhook_must_wait(endpoint_id text, dispatch_id text, sequence integer): not in the database',
      'function webhook_wake_workers(): not in the database',
    ]);
    expect(await applySqlFiles(database())).toEqual([]);
    expect(await findSqlDrift(database())).toEqual([]);
  });

  it('renders every stored record again when dispatch_record changes, and only then', async () => {
    const account = await newAccount();
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const file = (await readSqlFiles()).find((sql) => sql.name === '10_dispatch_record.sql')!;
    // An older definition, as a database might still have it: without cancellation and what followed.
    const older = file.sql.replace(/,\n\s*-- Who and when[\s\S]*\) r\);\n/, ') r);\n');
    expect(older).not.toBe(file.sql);
    await exec(older);
    await exec(`UPDATE dispatches SET record = record WHERE id = '${id}'`);
    const stored = async () => (await db().dispatch.findUniqueOrThrow({ where: { id }, select: { record: true } })).record as object;
    expect(await stored()).not.toHaveProperty('cancellation');

    expect(await applySqlFiles(database())).toEqual(['dispatch_record(d dispatches)']);
    expect(await stored()).toHaveProperty('cancellation');
    expect(await applySqlFiles(database())).toEqual([]);
  });

  it('fails `db:migrate --check-sql` on drift, changing nothing, and `db:migrate` puts the file back', async () => {
    await exec(`CREATE OR REPLACE FUNCTION webhook_wake_workers() RETURNS void LANGUAGE sql AS $$ SELECT pg_notify('typo', '') $$`);
    // The script opens the database itself: the embedded one has a single owner at a time.
    await closeDb();
    await endPool();
    const env = { DATABASE_URL: getEnv().DATABASE_URL ?? '', DATA_DIR: getEnv().DATA_DIR };
    await expect(runMigrateScript(env, ['--check-sql'])).rejects.toMatchObject({
      code: 1,
      stderr: 'function webhook_wake_workers(): differs from its file (lib/webhooks/server/sql/30_webhook_wake_workers.sql)\n',
    });
    await runMigrateScript(env);
    await expect(runMigrateScript(env, ['--check-sql'])).resolves.toMatchObject({ stderr: '' });
    expect(await findSqlDrift(database())).toEqual([]);
  });
});

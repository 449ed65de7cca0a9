import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { openPGlite } from '@/lib/platform/server/db/pglite';
import { applySqlFiles, findSqlDrift, type SqlDrift } from '@/lib/platform/server/db/sql-definitions';
import { prepareTrailQuery } from '@/lib/fleet/server/drivers/trail-partitions';

// Prisma's CLI downloads a native schema engine, which a closed network cannot. The same engine
// compiled to WASM (@prisma/schema-engine-wasm) takes a driver adapter, so it migrates PGlite and
// PostgreSQL alike and writes Prisma's own _prisma_migrations table. Node 20 needs
// --experimental-wasm-modules to load it; the npm scripts pass that flag.

const ROOT = process.cwd();
export const SCHEMA_PATH = path.join(ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma', 'migrations');
const LOCKFILE = { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' };
/**
 * Tables schema.prisma cannot express, which its diff must leave alone: driver_trail is
 * partitioned by day (PARTITION BY RANGE), made by its migration and read with raw SQL
 * (lib/fleet/trail.ts); its partitions come and go with housekeeping.
 */
const FILTERS = { externalTables: ['public.driver_trail'], externalEnums: [] };

/**
 * The migration that squashed the history before it: a new database runs it; a database that
 * ran every migration it replaces records it as applied without running it (Prisma's own
 * `migrate resolve --applied`, done for you); one that ran only some of them is refused, since
 * the baseline cannot finish what they started. The replaced migrations are in git history.
 */
export const BASELINE = {
  name: '20261128160000_baseline',
  replaces: [
    '20261122025208_init',
    '20261122033500_auth_change_notifications',
    '20261122040000_dispatch_record_function',
    '20261122053000_stored_records',
    '20261122060000_webhook_delivery',
    '20261122075536_staff_dashboard',
    '20261122163000_positions_and_account_modes',
    '20261123033833_console_dispatch_filters',
    '20261123080000_sortable_delivery_ids',
    '20261123213835_idempotent_reply_headers',
    '20261124200000_login_attempt_buckets',
    '20261124210000_account_rate_limits',
    '20261124220000_dispatch_cancellation',
    '20261124230000_vendor_control',
    '20261124234000_customer_name_search',
    '20261124235500_rate_limit_lease',
    '20261125000000_driver_app',
    '20261127132526_session_credentials',
    '20261127164448_live_engine',
    '20261127210000_delivery_confirmation',
    '20261127213000_address_book',
    '20261127233920_signed_quotes',
    '20261127234000_driver_trail',
    '20261128102735_operator_idempotency_keys',
  ],
};

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The migrations a database has finished (none when it has no migrations table yet). */
async function finishedMigrations(query: Query): Promise<Set<string>> {
  const { rows: [table] } = await query(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`);
  if (!table?.present) return new Set();
  const { rows } = await query('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL');
  return new Set(rows.map((row) => String(row.migration_name)));
}

/** Records BASELINE as applied on a database that ran everything it replaces; see BASELINE. */
async function adoptBaseline(engine: SchemaEngineLike, query: Query, migrationsList: MigrationsList): Promise<void> {
  const finished = await finishedMigrations(query);
  if (finished.has(BASELINE.name)) return;
  const ran = BASELINE.replaces.filter((name) => finished.has(name));
  if (ran.length === 0) return;
  if (ran.length < BASELINE.replaces.length) {
    throw new Error(
      `This database stopped at migration ${ran[ran.length - 1]}, before ${BASELINE.name} squashed the migrations. ` +
        'Migrate it first with the last release before the squash (commit 7b0287a, which holds all of them), then with this one.',
    );
  }
  try {
    await engine.markMigrationApplied({ migrationName: BASELINE.name, migrationsList });
  } catch (error) {
    // Another process recorded it first.
    if (!(await finishedMigrations(query)).has(BASELINE.name)) throw error;
  }
}

export type MigrationTarget = { databaseUrl: string } | { pgliteDir: string };

/**
 * @prisma/adapter-pg runs a migration script by splitting it on every `;`, which breaks
 * dollar-quoted function bodies. Send each script whole instead (one simple-protocol query,
 * which PostgreSQL also runs as one implicit transaction).
 */
class WholeScriptPrismaPg extends PrismaPg {
  private readonly scriptPool: pg.Pool;

  constructor(pool: pg.Pool) {
    super(pool);
    this.scriptPool = pool;
  }

  override async connect() {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      await this.scriptPool.query(script);
    };
    return adapter;
  }
}

type MigrationsList = Awaited<ReturnType<typeof readMigrations>>;

interface SchemaEngineLike {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  markMigrationApplied(input: { migrationName: string; migrationsList: MigrationsList }): Promise<unknown>;
  diff(input: unknown): Promise<{ exitCode: number; stdout?: string | null }>;
  free(): void;
}

async function startEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schemaPath = SCHEMA_PATH,
): Promise<SchemaEngineLike> {
  const { SchemaEngine } = await import('@prisma/schema-engine-wasm');
  const schema = await fs.readFile(schemaPath, 'utf8');
  const log = () => {};
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    log,
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  return engine as unknown as SchemaEngineLike;
}

async function readMigrations() {
  let names: string[] = [];
  try {
    names = (await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await fs.readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  return { baseDir: MIGRATIONS_DIR, lockfile: LOCKFILE, migrationDirectories, shadowDbInitScript: '' };
}

/**
 * Applies every pending migration, then the current definition of every database function and
 * trigger (lib/<module>/server/sql, see lib/platform/server/db/sql-definitions.ts), then makes the trail's coming day
 * partitions (lib/fleet/server/drivers/trail-partitions.ts); returns the names of the migrations it applied.
 */
export async function applyMigrations(target: MigrationTarget): Promise<string[]> {
  const embedded = 'pgliteDir' in target ? openPGlite(target.pgliteDir) : undefined;
  const pool = 'databaseUrl' in target ? new pg.Pool({ connectionString: target.databaseUrl, max: 1 }) : undefined;
  const factory = embedded ? new PrismaPGlite(embedded.pglite) : new WholeScriptPrismaPg(pool!);
  try {
    const engine = await startEngine(factory);
    try {
      const migrationsList = await readMigrations();
      const query: Query = embedded ? (text) => embedded.pglite.query(text) : (text) => pool!.query(text);
      await adoptBaseline(engine, query, migrationsList);
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: FILTERS });
      await applySqlFiles(embedded?.pglite ?? pool!);
      // The trail's partitions for today and the next days, before any position is written.
      const prepare = prepareTrailQuery(new Date());
      if (embedded) await embedded.pglite.query(prepare.text, prepare.values);
      else await pool!.query(prepare.text, prepare.values);
      return appliedMigrationNames;
    } finally {
      engine.free();
    }
  } finally {
    await embedded?.close();
    await pool?.end();
  }
}

/** Compares a database's functions and triggers with lib/<module>/server/sql (see findSqlDrift); changes nothing. */
export async function checkSqlDefinitions(target: MigrationTarget): Promise<SqlDrift[]> {
  const embedded = 'pgliteDir' in target ? openPGlite(target.pgliteDir) : undefined;
  const pool = 'databaseUrl' in target ? new pg.Pool({ connectionString: target.databaseUrl, max: 1 }) : undefined;
  try {
    return await findSqlDrift(embedded?.pglite ?? pool!);
  } finally {
    await embedded?.close();
    await pool?.end();
  }
}

/**
 * Compares the migrations folder with schema.prisma, replaying the migrations on an in-memory
 * PGlite. `sql` is what a new migration would have to contain; empty when they agree.
 */
export async function diffSchemaAgainstMigrations(
  schemaPath = SCHEMA_PATH,
): Promise<{ isInSync: boolean; sql: string }> {
  const scratch = new PGlite();
  try {
    const engine = await startEngine(new PrismaPGlite(scratch), schemaPath);
    try {
      const schema = await fs.readFile(schemaPath, 'utf8');
      const migrations = await readMigrations();
      const hasMigrations = migrations.migrationDirectories.length > 0;
      const result = await engine.diff({
        from: hasMigrations ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
        to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
        script: true,
        exitCode: true,
        filters: FILTERS,
      });
      const sql = result.stdout ?? '';
      return { isInSync: result.exitCode === 0, sql: result.exitCode === 0 ? '' : sql };
    } finally {
      engine.free();
    }
  } finally {
    await scratch.close();
  }
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql when the schema moved ahead. */
export async function createMigration(name: string): Promise<string | null> {
  const { isInSync, sql } = await diffSchemaAgainstMigrations();
  if (isInSync) return null;
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'migration.sql'), sql);
  await fs.writeFile(path.join(MIGRATIONS_DIR, LOCKFILE.path), `# Please do not edit this file manually\n${LOCKFILE.content}`);
  return dir;
}

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

interface SchemaEngineLike {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
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
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: await readMigrations(), filters: FILTERS });
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

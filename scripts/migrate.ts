// Applies pending migrations and then lib/<module>/server/sql (the current definition of every database function
// and trigger) to the configured database; with `--create <name>` writes a new migration from the
// difference between schema.prisma and prisma/migrations; with `--check` fails when those two
// disagree; with `--check-sql` fails when the configured database's functions or triggers differ
// from lib/<module>/server/sql (it changes nothing: `npm run db:migrate` puts them back).
// Run through `npm run db:migrate` / `npm run db:migrate:new -- <name>` (they pass the WASM flag).
import { getEnv, pgliteDataDir } from '@/lib/platform/server/env';
import { applyMigrations, checkSqlDefinitions, createMigration, diffSchemaAgainstMigrations } from '@/lib/edge/server/migrate';
import { readSqlFiles } from '@/lib/platform/server/db/sql-definitions';

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--create') {
    const dir = await createMigration(args[1] ?? 'migration');
    console.log(dir ? `Wrote ${dir}` : 'schema.prisma and the migrations agree; nothing to write.');
    return;
  }
  if (args[0] === '--check') {
    const schemaIndex = args.indexOf('--schema');
    const schemaPath = schemaIndex >= 0 ? args[schemaIndex + 1] : undefined;
    const { isInSync, sql } = await diffSchemaAgainstMigrations(schemaPath);
    if (!isInSync) {
      console.error(`schema.prisma is ahead of prisma/migrations. Run npm run db:migrate:new -- <name>.\n${sql}`);
      process.exitCode = 1;
    }
    return;
  }
  const env = getEnv();
  const target = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: pgliteDataDir(env) };
  if (args[0] === '--check-sql') {
    const drift = await checkSqlDefinitions(target);
    const pathOf = new Map((await readSqlFiles()).map((file) => [file.name, file.path]));
    const where = (names: string) => names.split(', ').map((name) => pathOf.get(name) ?? name).join(', ');
    for (const entry of drift) console.error(`${entry.object}: ${entry.problem}${entry.file ? ` (${where(entry.file)})` : ''}`);
    if (drift.length > 0) process.exitCode = 1;
    return;
  }
  const applied = await applyMigrations(target);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
}

// Exits when done: the WASM schema engine leaves its 10 s advisory-lock timeout pending after the
// lock is taken, which would hold the process (and every `npm run db:migrate`) open that long.
main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

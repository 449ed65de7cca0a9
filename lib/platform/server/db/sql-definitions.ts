import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGliteInterface } from '@electric-sql/pglite';
import pg from 'pg';

// Database functions and triggers have one current-state source file each, lib/<module>/server/sql/<NN>_<name>.sql,
// beside the TypeScript that calls them, the way schema.prisma is the current state of the tables: the migrations are their history.
// `npm run db:migrate` applies every file after the migrations, on PGlite and PostgreSQL alike, so a
// database that was migrated with older definitions ends up with exactly these.
//
// - A file holds one function, `CREATE OR REPLACE FUNCTION <name>`, and the triggers that execute
//   it (`CREATE OR REPLACE TRIGGER`): applying it again changes nothing.
// - Files are applied in the order of their names across every module; the two-digit prefix states
//   the dependencies (a file may use what a file before it defines: a LANGUAGE sql body is checked
//   when created), so names are unique across modules and a module's files use only lower modules'.
// - A function that is no longer wanted is dropped by a new migration, and its file deleted;
//   changing a function's arguments or result type needs the same (CREATE OR REPLACE cannot).
// - lib/platform/server/db/sql-definitions.integration.test.ts fails when the database has a function or trigger
//   no file defines, a file defines one the database lacks, or a definition differs from its file.

/** The modules' folders: lib/<module>/server/sql. */
export const LIB_DIR = path.join(process.cwd(), 'lib');

/** Functions whose results are stored: when the function's definition changes, the statement computes them again. */
const RECOMPUTE_ON_CHANGE: Record<string, string> = {
  // The trigger dispatches_render_record renders the record of every row an UPDATE touches.
  'dispatch_record(d dispatches)': 'UPDATE dispatches SET record = record',
};

/**
 * Any number of concurrent `db:migrate` runs apply the files one after the other. The key is the
 * one used since the files lived in prisma/sql, so a migrator of an older release still waits its turn.
 */
const APPLY_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('dispatch: prisma/sql', 0))`;

export interface SqlFile {
  /** `<NN>_<function>.sql`, unique across modules. */
  name: string;
  /** Where it lives, from the repository's root: lib/<module>/server/sql/<name>. */
  path: string;
  sql: string;
}

/** Every module's SQL files (lib/<module>/server/sql) in the order they are applied: by name. */
export async function readSqlFiles(lib = LIB_DIR): Promise<SqlFile[]> {
  const found: { name: string; path: string }[] = [];
  for (const entry of await fs.readdir(lib, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(lib, entry.name, 'server', 'sql');
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (name.endsWith('.sql')) found.push({ name, path: path.posix.join('lib', entry.name, 'server', 'sql', name) });
  }
  found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const twice = found.filter((file, i) => found[i - 1]?.name === file.name);
  if (twice.length > 0) throw new Error(`Two modules hold an SQL file of one name: ${twice.map((file) => file.name).join(', ')}`);
  return Promise.all(found.map(async (file) => ({ ...file, sql: await fs.readFile(path.join(lib, '..', file.path), 'utf8') })));
}

/** The function a file must define: its name without the order prefix. */
export function functionOfFile(fileName: string): string {
  return fileName.replace(/^\d+_/, '').replace(/\.sql$/, '');
}

/** An embedded database or a PostgreSQL pool: the statements below run on one connection of it. */
export type SqlDatabase = PGliteInterface | pg.Pool;

interface SqlSession {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(script: string): Promise<void>;
}

/** Runs `work` in one transaction; commits it, or rolls it back when `commit` is false. */
async function inTransaction<T>(database: SqlDatabase, commit: boolean, work: (session: SqlSession) => Promise<T>): Promise<T> {
  if (!(database instanceof pg.Pool)) {
    return database.transaction(async (tx) => {
      const result = await work({
        query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
        exec: async (script) => {
          await tx.exec(script);
        },
      });
      if (!commit) await tx.rollback();
      return result;
    });
  }
  const client = await database.connect();
  try {
    await client.query('BEGIN');
    const result = await work({
      query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
      // Without parameters a script goes as one simple-protocol query: several statements are allowed.
      exec: async (script) => {
        await client.query(script);
      },
    });
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export interface DatabaseObject {
  kind: 'function' | 'trigger';
  /** `name(arguments)` for a function, `name on table` for a trigger. */
  name: string;
  /** As PostgreSQL prints it (pg_get_functiondef, pg_get_triggerdef). */
  definition: string;
  /** The function a trigger executes (its name); a function's own name. */
  functionName: string;
  /** The catalog row's version (ctid): every CREATE OR REPLACE writes a new one. */
  version: string;
}

/**
 * Every function and trigger of the public schema, except those of extensions and the internal
 * triggers of foreign keys. Prisma itself keeps none there (only the _prisma_migrations table).
 */
async function databaseObjects(session: SqlSession): Promise<Map<string, DatabaseObject>> {
  const rows = await session.query<DatabaseObject>(`
    SELECT 'function' AS kind, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name,
           CASE WHEN p.prokind IN ('f', 'p', 'w') THEN pg_get_functiondef(p.oid) ELSE 'prokind ' || p.prokind::text END AS definition,
           p.proname AS "functionName", p.ctid::text AS version
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = 'pg_proc'::regclass AND e.objid = p.oid AND e.deptype = 'e')
    UNION ALL
    SELECT 'trigger', t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid),
           f.proname, t.ctid::text
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_proc f ON f.oid = t.tgfoid
    WHERE n.nspname = 'public' AND NOT t.tgisinternal
    ORDER BY 1, 2`);
  return new Map(rows.map((row) => [`${row.kind} ${row.name}`, row]));
}

/**
 * Applies every lib/<module>/server/sql file in one transaction (after the migrations); returns the stored
 * results it had to compute again (RECOMPUTE_ON_CHANGE).
 */
export async function applySqlFiles(database: SqlDatabase, files?: SqlFile[]): Promise<string[]> {
  const definitions = files ?? (await readSqlFiles());
  return inTransaction(database, true, async (session) => {
    await session.query(APPLY_LOCK_SQL);
    const before = await databaseObjects(session);
    for (const file of definitions) await session.exec(file.sql);
    const after = await databaseObjects(session);
    const recomputed: string[] = [];
    for (const [name, statement] of Object.entries(RECOMPUTE_ON_CHANGE)) {
      const key = `function ${name}`;
      if (before.get(key)?.definition === after.get(key)?.definition) continue;
      await session.exec(statement);
      recomputed.push(name);
    }
    return recomputed;
  });
}

export interface SqlDrift {
  object: string;
  problem: 'in no file' | 'not in the database' | 'differs from its file' | 'in the wrong file' | 'in two files' | 'missing from its file';
  file?: string;
  /** For `differs from its file`: the database's definition and the file's. */
  database?: string;
  expected?: string;
}

/**
 * Compares the database's functions and triggers with the lib/<module>/server/sql files: applies the files in
 * a transaction that is rolled back, noting what each file wrote (a new catalog row version), and
 * compares the definitions before and after. PostgreSQL prints both sides (pg_get_functiondef,
 * pg_get_triggerdef), so layout outside a function body never counts; its body is compared as
 * written.
 */
export async function findSqlDrift(database: SqlDatabase, files?: SqlFile[]): Promise<SqlDrift[]> {
  const definitions = files ?? (await readSqlFiles());
  return inTransaction(database, false, async (session) => {
    const drift: SqlDrift[] = [];
    const before = await databaseObjects(session);
    const fileOf = new Map<string, string>();
    let after = before;
    for (const file of definitions) {
      await session.exec(file.sql);
      const previous = after;
      after = await databaseObjects(session);
      const written = [...after].filter(([key, object]) => previous.get(key)?.version !== object.version).map(([key]) => key);
      for (const key of written) {
        if (fileOf.has(key)) drift.push({ object: key, problem: 'in two files', file: `${fileOf.get(key)}, ${file.name}` });
        else fileOf.set(key, file.name);
        if (after.get(key)?.functionName !== functionOfFile(file.name)) drift.push({ object: key, problem: 'in the wrong file', file: file.name });
      }
      const named = functionOfFile(file.name);
      if (!written.some((key) => after.get(key)?.kind === 'function' && after.get(key)?.functionName === named)) {
        drift.push({ object: `function ${named}`, problem: 'missing from its file', file: file.name });
      }
    }
    for (const [key, object] of before) {
      const expected = after.get(key)?.definition;
      if (!fileOf.has(key)) drift.push({ object: key, problem: 'in no file' });
      else if (expected !== object.definition) {
        drift.push({ object: key, problem: 'differs from its file', file: fileOf.get(key), database: object.definition, expected });
      }
    }
    for (const [key, file] of fileOf) if (!before.has(key)) drift.push({ object: key, problem: 'not in the database', file });
    return drift;
  });
}

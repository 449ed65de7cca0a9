import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { getEnv, pgliteDataDir } from '@/lib/platform/server/env';
import { PrismaClient, type Prisma } from '@/prisma/generated/client';
import { openPGlite, type OpenPGlite } from '@/lib/platform/server/db/pglite';
import { forgetProcessWide, peekProcessWide, processWide } from '@/lib/platform/server/process-wide';

export type Db = PrismaClient;

/** The client or an interactive transaction: what a query helper can run on. */
export type Tx = Prisma.TransactionClient | PrismaClient;

interface DbHandle {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  embedded?: OpenPGlite;
  /** The PostgreSQL pool Prisma's adapter runs on (hot reads use it directly: `queryRows`). */
  pool?: pg.Pool;
  /** Run before the client closes (notification listeners). */
  closers: (() => Promise<void>)[];
}

// One client per process: `next dev` loads lib/ once per route and again after each edit, and a
// second PGlite instance on the same directory would lose rows.
const KEY = 'db';
const handle = () => processWide(KEY, open);

/**
 * The PostgreSQL pool keeps its connections instead of closing them after 10 s idle (`pg`'s
 * default). A new connection is a new backend whose first statements pay for its empty caches
 * (catalog, plans, named statements, PL/pgSQL): with a pool that shrank between busy moments, each
 * one opened backends while requests queued, and the positions' p99 reached 130 ms (bench/drivers.ts).
 */
export function poolConfig(connectionString: string, size: number): pg.PoolConfig {
  return { connectionString, max: size, min: size, idleTimeoutMillis: 0 };
}

function open(): DbHandle {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const pool = new pg.Pool(poolConfig(env.DATABASE_URL, env.DATABASE_POOL_SIZE));
    // An idle connection that breaks (PostgreSQL restarted, the connection killed) is dropped by
    // the pool, which then emits 'error': unheard, that would end the process. Prisma listens only
    // while it is connected; this listener holds from the first query to after the close.
    pool.on('error', (error) => {
      console.error(JSON.stringify({ level: 'warn', message: 'an idle PostgreSQL connection was lost', error: error.message }));
    });
    const adapter = new PrismaPg(pool);
    return { prisma: new PrismaClient({ adapter }), kind: 'postgres', pool, closers: [] };
  }
  const embedded = openPGlite(pgliteDataDir(env));
  return {
    prisma: new PrismaClient({ adapter: new PrismaPGlite(embedded.pglite) }),
    kind: 'pglite',
    embedded,
    closers: [],
  };
}

/**
 * Opens every connection of the PostgreSQL pool now, at once, instead of one by one as load
 * first rises (nothing on the embedded database). The server calls it as it starts.
 */
export async function fillPool(): Promise<void> {
  const pool = handle().pool;
  if (!pool) return;
  const clients = await Promise.all(Array.from({ length: getEnv().DATABASE_POOL_SIZE }, () => pool.connect()));
  for (const client of clients) client.release();
}

/** The process's database client, opened on first use (never at import time). */
export function db(): PrismaClient {
  return handle().prisma;
}

export function dbKind(): 'pglite' | 'postgres' {
  return (peekProcessWide<DbHandle>(KEY) ?? { kind: getEnv().DATABASE_URL ? 'postgres' : 'pglite' }).kind;
}

/** The embedded database of this process, opening it if needed; null on PostgreSQL. */
export function embeddedDatabase(): OpenPGlite | null {
  return handle().embedded ?? null;
}

/** Registers work to do when the client closes (it runs before the database goes away). */
export function onClose(closer: () => Promise<void>): void {
  handle().closers.push(closer);
}

/** Closes the client (and the embedded database with its lock); the next db() opens it again. */
export async function closeDb(): Promise<void> {
  const current = peekProcessWide<DbHandle>(KEY);
  if (!current) return;
  forgetProcessWide(KEY);
  await Promise.all(current.closers.map((closer) => closer()));
  await current.prisma.$disconnect();
  await current.pool?.end();
  await current.embedded?.close();
}

/** Distinct statements named per process; any further one runs unnamed (each connection keeps what it prepared). */
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

/**
 * Rows of one statement, for the hottest paths (the vendor API's create, get and lists); a
 * statement is atomic on its own, so a write that fits in one needs no transaction. On
 * PostgreSQL it runs on the pool Prisma's adapter uses, without the raw-query layer's per-row
 * conversions (a third of the CPU; bench/), and with `prepared` as a named prepared statement:
 * parsed once per connection and soon planned once, without the parameters' values (a generic
 * plan). Ask for that only where no value can change the best plan, and test the generic plan
 * (see list-dispatches-indexes.integration.test.ts). Columns come back as `pg` parses them
 * (timestamptz as Date, bigint as text), and errors as `pg`'s (`uniqueViolationFields` reads
 * both kinds). On PGlite the query goes through Prisma.
 */
export async function queryRows<T>(query: Prisma.Sql, options: { prepared: boolean }): Promise<T[]> {
  const { pool } = handle();
  if (!pool) return db().$queryRawUnsafe<T[]>(query.text, ...query.values);
  let name = statementNames.get(query.text);
  if (name === undefined && options.prepared && statementNames.size < MAX_NAMED_STATEMENTS && getEnv().DATABASE_PREPARED_STATEMENTS) {
    name = `q_${createHash('sha256').update(query.text).digest('base64url').slice(0, 24)}`;
    statementNames.set(query.text, name);
  }
  const result = await pool.query<T & pg.QueryResultRow>({ name, text: query.text, values: query.values as unknown[] });
  return result.rows;
}

import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { getEnv, pgliteDataDir } from '@/lib/env';
import { PrismaClient, type Prisma } from '@/lib/generated/prisma/client';
import { openPGlite, type OpenPGlite } from '@/lib/db/pglite';

export type Db = PrismaClient;

/** The client or an interactive transaction: what a query helper can run on. */
export type Tx = Prisma.TransactionClient | PrismaClient;

interface DbHandle {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  embedded?: OpenPGlite;
  /** Run before the client closes (notification listeners). */
  closers: (() => Promise<void>)[];
}

// One client per process, kept on globalThis: `next dev` loads lib/ once per route and again
// after each edit, and a second PGlite instance on the same directory would lose rows.
const holder = globalThis as typeof globalThis & { __dispatchDb?: DbHandle };

function open(): DbHandle {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
    return { prisma: new PrismaClient({ adapter }), kind: 'postgres', closers: [] };
  }
  const embedded = openPGlite(pgliteDataDir(env));
  return {
    prisma: new PrismaClient({ adapter: new PrismaPGlite(embedded.pglite) }),
    kind: 'pglite',
    embedded,
    closers: [],
  };
}

/** The process's database client, opened on first use (never at import time). */
export function db(): PrismaClient {
  holder.__dispatchDb ??= open();
  return holder.__dispatchDb.prisma;
}

export function dbKind(): 'pglite' | 'postgres' {
  return (holder.__dispatchDb ?? { kind: getEnv().DATABASE_URL ? 'postgres' : 'pglite' }).kind;
}

/** The embedded database of this process, opening it if needed; null on PostgreSQL. */
export function embeddedDatabase(): OpenPGlite | null {
  db();
  return holder.__dispatchDb?.embedded ?? null;
}

/** Registers work to do when the client closes (it runs before the database goes away). */
export function onClose(closer: () => Promise<void>): void {
  db();
  holder.__dispatchDb?.closers.push(closer);
}

/** Closes the client (and the embedded database with its lock); the next db() opens it again. */
export async function closeDb(): Promise<void> {
  const handle = holder.__dispatchDb;
  if (!handle) return;
  holder.__dispatchDb = undefined;
  await Promise.all(handle.closers.map((closer) => closer()));
  await handle.prisma.$disconnect();
  await handle.embedded?.close();
}

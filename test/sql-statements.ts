import pg from 'pg';
import { embeddedDatabase } from '@/lib/platform/server/db/client';

/**
 * The SQL this process sent to its database while `work` ran, on either kind: every statement
 * goes through a `pg.Client` (PostgreSQL: the pool's clients, Prisma's adapter and `queryRows`
 * alike) or the embedded PGlite's `query`/`exec`. For assertions such as "an estimate writes
 * nothing"; concurrent work of the same process is counted too.
 */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const textOf = (query: unknown) => (typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? ''));
  const restore: (() => void)[] = [];
  const embedded = embeddedDatabase();
  if (embedded) {
    const pglite = embedded.pglite as unknown as Record<'query' | 'exec', (...args: unknown[]) => unknown>;
    for (const method of ['query', 'exec'] as const) {
      const original = pglite[method];
      pglite[method] = function (this: unknown, query: unknown, ...rest: unknown[]) {
        seen.push(textOf(query));
        return original.call(this, query, ...rest);
      };
      restore.push(() => {
        pglite[method] = original;
      });
    }
  } else {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, query: unknown, ...rest: unknown[]) {
      seen.push(textOf(query));
      return (original as (...args: unknown[]) => unknown).call(this, query, ...rest);
    } as typeof original;
    restore.push(() => {
      pg.Client.prototype.query = original;
    });
  }
  try {
    await work();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

/** The statements among `statements` that change rows. */
export function writesAmong(statements: readonly string[]): string[] {
  return statements.filter((text) => /\b(insert|update|delete|merge|copy|truncate)\b/i.test(text.replace(/'[^']*'/g, "''")));
}

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dbKind, queryRows } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';

describe('queryRows (the hot reads)', () => {
  it('binds parameters and returns plain rows', async () => {
    const rows = await queryRows<{ word: string; count: number; nothing: null }>(
      Prisma.sql`SELECT ${"it's"}::text AS word, ${41}::int + 1 AS count, NULL AS nothing`,
      { prepared: false },
    );
    expect(rows).toEqual([{ word: "it's", count: 42, nothing: null }]);
  });

  it('runs as a named prepared statement on PostgreSQL when asked, parsed once per connection', async () => {
    // The statement reads the connection's own prepared statements: its own text is among them.
    const run = (prepared: boolean) =>
      queryRows<{ name: string }>(
        Prisma.sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%pg_prepared' || '_statements WHERE%' AND ${prepared}::boolean IS NOT NULL`,
        { prepared },
      );
    expect(await run(false)).toEqual([]);
    await run(true);
    const rows = await run(true);
    if (dbKind() === 'postgres') {
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toMatch(/^q_[\w-]{24}$/);
    } else {
      expect(rows).toEqual([]); // PGlite: through Prisma, unnamed
    }
  });

  it('refuses a failing statement without poisoning the next one', async () => {
    const divide = (by: number) => queryRows(Prisma.sql`SELECT 1 / ${by}::int AS quotient`, { prepared: true });
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect(await divide(1)).toEqual([{ quotient: 1 }]);
  });

  it.skipIf(dbKind() !== 'postgres')('survives idle connections being killed (PostgreSQL restarted) and reconnects', async () => {
    await queryRows(Prisma.sql`SELECT 1 AS one`, { prepared: true }); // the pool's first connection; Prisma has not connected
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The broken connection's 'error' reaches the pool once its socket reports it (unheard, the
    // process would have ended); then the next query gets a new connection.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queryRows(Prisma.sql`SELECT 1 AS one`, { prepared: true })).toEqual([{ one: 1 }]);
  });
});

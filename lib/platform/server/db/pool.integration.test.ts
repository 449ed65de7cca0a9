import { describe, expect, it } from 'vitest';
import { db, dbKind, fillPool, poolConfig } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';

describe('the PostgreSQL pool', () => {
  it('keeps every connection it opens: none is closed for being idle', () => {
    expect(poolConfig('postgres://x', 7)).toMatchObject({ max: 7, min: 7, idleTimeoutMillis: 0 });
  });

  it('opens all its connections when the server starts', async (context) => {
    await db().$queryRaw`SELECT 1`;
    if (dbKind() !== 'postgres') return context.skip();
    await fillPool();
    const [row] = await db().$queryRaw<{ backends: number }[]>`
      SELECT count(*)::int AS backends FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`;
    expect(row!.backends).toBeGreaterThanOrEqual(getEnv().DATABASE_POOL_SIZE);
  });

  it('does nothing on the embedded database', async () => {
    await expect(fillPool()).resolves.toBeUndefined();
  });
});

import { Prisma } from '@/prisma/generated/client';
import { dbKind, onClose, queryRows } from '@/lib/db/client';
import { forgetProcessWide, processWide } from '@/lib/process-wide';
import { takeToken, type Bucket, type RateDecision, type RateLimit } from '@/lib/rate-limit/token-bucket';

const MEMORY_KEY = 'rateBuckets';
const WAITING_KEY = 'rateWaiting';

/** The embedded database's buckets: one process owns that database, so its memory is the whole truth. */
function memoryBuckets(): Map<string, Bucket> {
  return processWide(MEMORY_KEY, () => {
    onClose(async () => forgetProcessWide(MEMORY_KEY));
    return new Map<string, Bucket>();
  });
}

interface Waiter {
  resolve: (decision: RateDecision) => void;
  reject: (error: unknown) => void;
}

/** An account's requests in this process waiting for tokens while a statement is in flight. */
interface Waiting {
  limit: RateLimit;
  waiters: Waiter[];
}

function waitingByAccount(): Map<string, Waiting> {
  return processWide(WAITING_KEY, () => new Map<string, Waiting>());
}

/**
 * Takes tokens for everyone waiting, one statement at a time per account, until nobody waits.
 * The i-th of n granted requests sees the tokens it left, as if they had been taken one by one.
 */
async function takeForWaiters(accountId: string, waiting: Waiting): Promise<void> {
  while (waiting.waiters.length > 0) {
    const batch = waiting.waiters.splice(0);
    const { perSecond, burst } = waiting.limit;
    try {
      const [row] = await queryRows<{ granted: number; tokens: number }>(
        Prisma.sql`SELECT granted, tokens FROM account_rate_take(${accountId}, ${perSecond}::integer, ${burst}::integer, ${batch.length}::integer)`,
        { prepared: true },
      );
      if (!row) throw new Error('account_rate_take returned no row');
      const granted = Number(row.granted);
      const tokens = Number(row.tokens);
      batch.forEach((waiter, i) => waiter.resolve(i < granted ? { admitted: true, tokens: tokens + (granted - 1 - i) } : { admitted: false, tokens }));
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  }
  waitingByAccount().delete(accountId);
}

/**
 * Takes one request out of the account's allowance. On PostgreSQL the bucket is a row that every
 * server process shares, taken in one statement (account_rate_take, prisma/sql): no transaction.
 * Requests of one account that arrive while its statement is in flight wait for it and then go
 * together in the next one, which takes a token for each: under load, one statement serves many
 * requests, and the grants never exceed the bucket. On the embedded database the bucket lives in
 * this process's memory.
 */
export async function takeRateToken(options: { accountId: string; limit: RateLimit }): Promise<RateDecision> {
  const { accountId, limit } = options;
  if (dbKind() === 'pglite') {
    const buckets = memoryBuckets();
    const { bucket, ...decision } = takeToken(buckets.get(accountId), limit, Date.now());
    buckets.set(accountId, bucket);
    return decision;
  }
  return new Promise<RateDecision>((resolve, reject) => {
    const all = waitingByAccount();
    const waiting = all.get(accountId);
    if (waiting) {
      waiting.limit = limit;
      waiting.waiters.push({ resolve, reject });
      return;
    }
    const started: Waiting = { limit, waiters: [{ resolve, reject }] };
    all.set(accountId, started);
    void takeForWaiters(accountId, started);
  });
}

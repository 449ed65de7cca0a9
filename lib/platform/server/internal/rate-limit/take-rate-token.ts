import { Prisma } from '@/prisma/generated/client';
import { dbKind, onClose, queryRows } from '@/lib/platform/server/db/client';
import { forgetProcessWide, processWide } from '@/lib/platform/server/process-wide';
import { takeToken, type Bucket, type RateDecision, type RateLimit } from '@/lib/platform/server/rate-limit/token-bucket';
import { leaseSize, NO_LEASE, shareTake, takeLeased, type Lease } from '@/lib/platform/server/internal/rate-limit/token-lease';

const MEMORY_KEY = 'rateBuckets';
const SHARED_KEY = 'rateLeases';

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

/**
 * This process's side of an account's shared bucket: its lease, and its requests waiting while a
 * take is in flight. Whenever requests wait, the lease is spent or expired.
 */
interface AccountTakes {
  limit: RateLimit;
  lease: Lease;
  waiters: Waiter[];
  isTaking: boolean;
}

/**
 * Per account, while a take is in flight or its lease holds tokens (kept to be given back with the
 * account's next take); forgotten with the database, whose buckets the leases were taken from.
 */
function accountTakes(): Map<string, AccountTakes> {
  return processWide(SHARED_KEY, () => {
    onClose(async () => forgetProcessWide(SHARED_KEY));
    return new Map<string, AccountTakes>();
  });
}

/** Admits waiting requests from the lease while it lasts. */
function admitFromLease(takes: AccountTakes): void {
  while (takes.waiters.length > 0) {
    const leased = takeLeased(takes.lease, performance.now());
    if (!leased) return;
    takes.lease = leased.lease;
    takes.waiters.shift()!.resolve(leased.decision);
  }
}

/**
 * Takes tokens for everyone waiting, one statement at a time per account, until nobody waits: a
 * token for each waiting request and a lease ahead, giving back what an expired lease left unused.
 */
async function takeForWaiters(accountId: string, takes: AccountTakes): Promise<void> {
  while (takes.waiters.length > 0) {
    const batch = takes.waiters.splice(0);
    const { perSecond, burst } = takes.limit;
    const returned = takes.lease.tokens;
    takes.lease = NO_LEASE;
    const takenAtMs = performance.now();
    try {
      const [row] = await queryRows<{ granted: number; tokens: number }>(
        Prisma.sql`SELECT granted, tokens FROM account_rate_take(${accountId}, ${perSecond}::integer, ${burst}::integer, ${batch.length + leaseSize(takes.limit)}::integer, ${returned}::integer)`,
        { prepared: true },
      );
      if (!row) throw new Error('account_rate_take returned no row');
      const shared = shareTake({ waiting: batch.length, granted: Number(row.granted), bucketTokens: Number(row.tokens), takenAtMs });
      takes.lease = shared.lease;
      batch.forEach((waiter, i) => waiter.resolve(shared.decisions[i]!));
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
    admitFromLease(takes);
  }
  takes.isTaking = false;
  if (takes.lease.tokens === 0) accountTakes().delete(accountId);
}

/**
 * Takes one request out of the account's allowance. On PostgreSQL the bucket is a row that every
 * server process shares, taken in one statement (account_rate_take, lib/platform/server/sql): no transaction.
 * A take asks for a small lease ahead (token-lease.ts), from which this process admits the
 * account's next requests without a round trip; requests that arrive while a take is in flight
 * wait for it and go together in the next one. The grants never exceed the bucket. On the
 * embedded database the bucket lives in this process's memory.
 */
export async function takeRateToken(options: { accountId: string; limit: RateLimit }): Promise<RateDecision> {
  const { accountId, limit } = options;
  if (dbKind() === 'pglite') {
    const buckets = memoryBuckets();
    const { bucket, ...decision } = takeToken(buckets.get(accountId), limit, Date.now());
    buckets.set(accountId, bucket);
    return decision;
  }
  const all = accountTakes();
  let takes = all.get(accountId);
  if (!takes) {
    takes = { limit, lease: NO_LEASE, waiters: [], isTaking: false };
    all.set(accountId, takes);
  }
  takes.limit = limit;
  if (takes.waiters.length === 0) {
    const leased = takeLeased(takes.lease, performance.now());
    if (leased) {
      takes.lease = leased.lease;
      return leased.decision;
    }
  }
  const current = takes;
  return new Promise<RateDecision>((resolve, reject) => {
    current.waiters.push({ resolve, reject });
    if (current.isTaking) return;
    current.isTaking = true;
    void takeForWaiters(accountId, current);
  });
}

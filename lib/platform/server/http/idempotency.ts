import { createHash } from 'node:crypto';
import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { statusOf } from '@/lib/platform/server/http/error-table';
import { domainErrorReply, type Reply } from '@/lib/platform/server/http/reply';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '@/lib/platform/server/idempotency/limits';
import { Prisma } from '@/prisma/generated/client';

// Stripe-style idempotency: the first request with a key claims it, runs, and stores its reply
// (status, body and headers); a repeat with the same key and body gets the stored reply, with another body 422, and while
// the first is still running 409. Keys live 24 h. A claim left by a crashed process is taken
// over after CLAIM_TIMEOUT_MS.

const CLAIM_TIMEOUT_MS = 60 * 1000;

export function hashRequest(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/**
 * Whose keys: an account's (vendor API, dashboard), a driver's (the driver app's offline
 * replays), or an operator's (`ops` for the operator token, `admin:<user id>` for one admin).
 */
export type IdempotencyOwner = { accountId: string } | { driverId: string } | { operator: string };

interface StoredKey {
  requestHash: string;
  statusCode: number | null;
  responseBody: unknown;
  responseHeaders: unknown;
  createdAt: Date;
}

/** What a finished request stores on its key: the same columns in the three tables. */
type StoredReply = Pick<Prisma.IdempotencyKeyUpdateInput, 'statusCode' | 'responseBody' | 'responseHeaders'>;

/**
 * What keysOf uses of a key table's Prisma delegate. The tables differ only in their owner column
 * (`Owner`) and so in the name Prisma gives their unique index on the owner and the key (`Unique`).
 */
interface KeyTable<Owner, Unique extends string> {
  createMany(args: { data: (Owner & { key: string; requestHash: string })[]; skipDuplicates: boolean }): Promise<{ count: number }>;
  findUnique(args: { where: Record<Unique, Owner & { key: string }> }): Promise<StoredKey | null>;
  deleteMany(args: { where: Owner & { key: string; createdAt?: Date } }): Promise<unknown>;
  update(args: { where: Record<Unique, Owner & { key: string }>; data: StoredReply }): Promise<unknown>;
}

/** `key` of `owner` in `table`, whose unique index on the owner and the key Prisma names `unique`. */
function keyIn<Owner extends object, Unique extends string>(table: KeyTable<Owner, Unique>, owner: Owner, unique: Unique, key: string) {
  const where = { [unique]: { ...owner, key } } as Record<Unique, Owner & { key: string }>;
  return {
    claim: (requestHash: string) => table.createMany({ data: [{ ...owner, key, requestHash }], skipDuplicates: true }),
    find: () => table.findUnique({ where }),
    remove: (createdAt?: Date) => table.deleteMany({ where: { ...owner, key, ...(createdAt && { createdAt }) } }),
    save: (data: StoredReply) => table.update({ where, data }),
  };
}

/** The table of `owner`'s keys: idempotency_keys, driver_idempotency_keys or operator_idempotency_keys, the same columns. */
function keysOf(owner: IdempotencyOwner, key: string) {
  const prisma = db();
  if ('accountId' in owner) return keyIn(prisma.idempotencyKey, { accountId: owner.accountId }, 'accountId_key', key);
  if ('driverId' in owner) return keyIn(prisma.driverIdempotencyKey, { driverId: owner.driverId }, 'driverId_key', key);
  return keyIn(prisma.operatorIdempotencyKey, { operator: owner.operator }, 'operator_key', key);
}

export async function runIdempotent(
  options: { owner: IdempotencyOwner; key: string; requestHash: string },
  run: () => Promise<Reply>,
): Promise<Reply> {
  const { key, requestHash } = options;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError('invalid_request', 'Idempotency-Key: must be 1-255 visible ASCII characters');
  }
  const keys = keysOf(options.owner, key);
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await keys.claim(requestHash);
    if (claimed.count === 1) break;

    const existing = await keys.find();
    if (!existing) continue; // removed in between: claim again
    const age = Date.now() - existing.createdAt.getTime();
    const isAbandoned = existing.statusCode === null && age > CLAIM_TIMEOUT_MS;
    if (age > IDEMPOTENCY_TTL_MS || isAbandoned) {
      await keys.remove(existing.createdAt);
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key');
    }
    if (existing.statusCode === null) {
      throw new DomainError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; retry later', {
        retryAfterSeconds: 1,
      });
    }
    const headers = (existing.responseHeaders ?? {}) as Record<string, string>;
    return { status: existing.statusCode, body: existing.responseBody ?? undefined, headers: { ...headers, 'idempotent-replayed': 'true' } };
  }

  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    // A refusal that says when to come back (a throttle, a limit of work in flight) is about
    // this moment, not this request: the retry it invites must run, not replay the refusal.
    if (error instanceof DomainError && statusOf(error.code) < 500 && error.retryAfterSeconds === undefined) {
      reply = domainErrorReply(error);
    } else {
      await keys.remove();
      throw error;
    }
  }
  await keys.save({
    statusCode: reply.status,
    responseBody: reply.body === undefined ? Prisma.DbNull : (reply.body as Prisma.InputJsonValue),
    responseHeaders: reply.headers ?? Prisma.DbNull,
  });
  return reply;
}

import { Prisma } from '@/prisma/generated/client';
import { BackgroundLoop, backgroundId } from '@/lib/platform/server/background/loop';
import { errorMessage, logEvent } from '@/lib/platform/server/background/log';
import { db, dbKind, queryRows } from '@/lib/platform/server/db/client';
import { subscribe } from '@/lib/platform/server/db/notifications';
import { getEnv, type Env } from '@/lib/platform/server/env';
import { postWebhook, webhookAgents, type PostResult, type WebhookAgents } from '@/lib/webhooks/server/internal/post-webhook';
import { outcomeOfAttempt } from '@/lib/webhooks/server/retry-schedule';
import { signingSecrets, webhookHeaders } from '@/lib/platform/server/signing/webhook-signing';
import { DELIVERY_CHANNEL } from '@/lib/webhooks/server/internal/wake-workers';

// The delivery worker. Deliveries are leased with `FOR UPDATE SKIP LOCKED` in plain SQL rather
// than through a job-queue library (pg-boss, graphile-worker): the rows are ours already (written
// by the outbox trigger in the change's transaction), per-dispatch ordering is one function,
// the same SQL runs on PGlite, and a queue library would copy every event into its own tables.
//
// A lease is a time-limited claim (`leased_by`, `lease_expires_at`): any number of workers on
// one PostgreSQL never send the same delivery concurrently, and a worker that dies (kill -9)
// loses its claims when they expire. Both ends work in batches, because a statement and a commit
// per delivery were what limited throughput (bench/webhooks.ts): one statement leases what is
// due for the free slots (at most one delivery per dispatch and endpoint: the order rule), and
// the attempts that finish while a record is being written are written together by the next
// one (webhook_record_attempts, lib/webhooks/server/sql): the attempts, the deliveries' new states, the
// endpoints' health and the release of each dispatch's next event, in one transaction. Under
// load the batches grow by themselves; a lone attempt is recorded at once. The POSTs go over
// kept-alive connections (webhookAgents). A slot (`concurrency`) is a POST in flight; leasing goes
// on while records are written, up to twice the slots leased and not yet recorded, which bounds
// what a crash can leave to be sent again after its lease.

export interface WorkerOptions {
  concurrency: number;
  timeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  disableAfterMs: number;
  leaseMs: number;
  pollMs: number;
  allowPrivate: boolean;
}

export function workerOptions(env: Env = getEnv()): WorkerOptions {
  return {
    concurrency: env.WEBHOOK_WORKER_CONCURRENCY,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER_MS,
    leaseMs: env.WEBHOOK_LEASE_MS,
    pollMs: env.WEBHOOK_POLL_MS,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS,
  };
}

interface LeasedDelivery {
  id: string;
  endpointId: string;
  dispatchId: string | null;
  eventId: string;
  body: string;
  attempts: number;
  seriesStart: number;
  url: string;
  webhookSecret: string;
  previousWebhookSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** A delivery attempted, waiting to be recorded. */
interface FinishedAttempt {
  delivery: LeasedDelivery;
  startedAt: Date;
  result: PostResult;
}

/**
 * Whether this delivery may go now. `held` rows wait for an earlier event of their dispatch and
 * are skipped by the index; asking the order rule (`webhook_must_wait`, lib/webhooks/server/sql) again keeps it
 * true on its own as well (a redelivered older event holds back later ones already released).
 * Within one lease statement it also keeps a dispatch's later event out of the batch: the earlier
 * one is pending in the statement's snapshot.
 */
const ELIGIBLE = Prisma.raw(`
  c.status = 'pending' AND NOT c.held
  AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
  AND e.disabled_at IS NULL
  AND NOT webhook_must_wait(c.endpoint_id, c.dispatch_id, c.sequence)`);

const STRANDED_CHECK_MS = 30_000;
/** Attempts per record statement at most (its JSON carries each response's first kilobyte). */
const RECORD_BATCH_MAX = 256;
/** A record that lost a deadlock with another transaction (a webhook being removed) is tried again. */
const RECORD_TRIES = 3;
/** Deliveries leased and not yet recorded, at most, in slots: the POSTs in flight and the attempts waiting for their record. */
const LEASED_PER_SLOT = 2;

export class DeliveryWorker {
  readonly id = backgroundId();
  private readonly options: WorkerOptions;
  private readonly agents: WebhookAgents;
  /** Leased and not yet recorded (in flight or waiting for the record). */
  private leased = 0;
  private readonly posting = new Set<Promise<void>>();
  private toRecord: FinishedAttempt[] = [];
  private recording: Promise<void> | null = null;
  private readonly loop: BackgroundLoop;
  private lastStrandedCheck = 0;

  constructor(options: Partial<WorkerOptions> = {}) {
    this.options = { ...workerOptions(), ...options };
    this.agents = webhookAgents({ allowPrivate: this.options.allowPrivate });
    this.loop = new BackgroundLoop({
      prepare: async () => {
        // The embedded database has one owner: leases left by a previous run of it are dead.
        if (dbKind() === 'pglite') {
          await db().$executeRaw`
            UPDATE webhook_deliveries SET lease_expires_at = NULL, leased_by = NULL
            WHERE status = 'pending' AND leased_by IS NOT NULL`;
        }
        subscribe(DELIVERY_CHANNEL, () => this.wake(), () => this.wake());
      },
      round: () => this.round(),
      failure: { message: 'webhook worker cycle failed', fields: { worker: this.id }, retryMs: this.options.pollMs },
    });
  }

  /** Starts delivering in the background until stop(). */
  async start(): Promise<void> {
    if (this.loop.isRunning) return;
    await this.loop.start();
  }

  /** Stops leasing, lets in-flight attempts finish and record (each is bounded by the timeout), then releases any claim left. */
  async stop(): Promise<void> {
    if (!this.loop.isRunning) return;
    await this.loop.stop();
    await Promise.allSettled([...this.posting]);
    while (this.recording) await this.recording;
    this.agents.destroy();
    await db().$executeRaw`
      UPDATE webhook_deliveries SET lease_expires_at = NULL, leased_by = NULL
      WHERE leased_by = ${this.id} AND status = 'pending'`;
  }

  /** Leases what is due now, delivers it and records the attempts in one batch (tests, scripts). */
  async runOnce(): Promise<number> {
    const batch = await this.lease(this.options.concurrency);
    const finished = await Promise.all(batch.map((delivery) => this.attempt(delivery)));
    if (finished.length > 0) await this.record(finished);
    this.leased -= batch.length;
    return batch.length;
  }

  /** Deliveries to lease now: free slots, within what may wait for a record. */
  private free(): number {
    return Math.min(this.options.concurrency - this.posting.size, LEASED_PER_SLOT * this.options.concurrency - this.leased);
  }

  /** Lease again once half the slots are free: one lease per batch, not per delivery. */
  private wakeIfHalfFree(): void {
    if (this.free() >= this.options.concurrency / 2) this.wake();
  }

  private wake(): void {
    this.loop.wake();
  }

  /** The loop's round: leases for the free slots and posts; resolves to the wait before the next. */
  private async round(): Promise<number> {
    const free = this.free();
    const batch = free > 0 ? await this.lease(free) : [];
    for (const delivery of batch) this.post(delivery);
    if (batch.length > 0 && batch.length === free) return 0;
    if (this.loop.isWoken) return 0;
    // Something in flight or held back by its dispatch's order: a POST or a record wakes us.
    // Nothing at all: sleep until the next retry is due (new events wake us at once).
    return batch.length > 0 || this.leased > 0 ? this.options.pollMs : await this.msUntilNextDue();
  }

  /** Time until the next retry is due, capped by the poll interval. */
  private async msUntilNextDue(): Promise<number> {
    await this.releaseStrandedHolds();
    const rows = await db().$queryRaw<{ ms: number | null }[]>`
      SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms
      FROM webhook_deliveries WHERE status = 'pending' AND NOT held AND next_attempt_at > now()`;
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? this.options.pollMs : Math.min(ms, this.options.pollMs);
  }

  /**
   * A safety net, at most every STRANDED_CHECK_MS while idle: releases held deliveries that need
   * not wait (none should exist; the release runs in the finishing transaction). The release is
   * webhook_release_next's, taken in one order of (endpoint, dispatch) so that two sweeps never
   * wait for each other's locks.
   */
  private async releaseStrandedHolds(): Promise<void> {
    if (Date.now() - this.lastStrandedCheck < STRANDED_CHECK_MS) return;
    this.lastStrandedCheck = Date.now();
    await db().$executeRaw`
      SELECT webhook_release_next(s.endpoint_id, s.dispatch_id)
      FROM (SELECT DISTINCT c.endpoint_id, c.dispatch_id FROM webhook_deliveries c
            WHERE c.status = 'pending' AND c.held AND NOT webhook_must_wait(c.endpoint_id, c.dispatch_id, c.sequence)
            ORDER BY c.endpoint_id, c.dispatch_id) s`;
  }

  /** Up to `limit` due deliveries, leased in one statement (straight on the pool: see queryRows). */
  private async lease(limit: number): Promise<LeasedDelivery[]> {
    const rows = await queryRows<LeasedDelivery>(
      Prisma.sql`
      WITH due AS (
        SELECT c.id, e.url, a.webhook_secret, a.previous_webhook_secret, a.previous_secret_expires_at
        FROM webhook_deliveries c
        JOIN webhook_endpoints e ON e.id = c.endpoint_id
        JOIN accounts a ON a.id = c.account_id
        WHERE c.next_attempt_at <= now() AND ${ELIGIBLE}
        ORDER BY c.next_attempt_at
        LIMIT ${limit}::integer
        FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE webhook_deliveries d
      SET lease_expires_at = now() + ${this.options.leaseMs}::integer * interval '1 millisecond', leased_by = ${this.id}
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.endpoint_id AS "endpointId", d.dispatch_id AS "dispatchId", d.event_id AS "eventId", d.body, d.attempts, d.series_start AS "seriesStart", due.url,
                due.webhook_secret AS "webhookSecret", due.previous_webhook_secret AS "previousWebhookSecret",
                due.previous_secret_expires_at AS "previousSecretExpiresAt"`,
      { prepared: true },
    );
    this.leased += rows.length;
    return rows;
  }

  /** Sends a leased delivery; its attempt joins the next record. */
  private post(delivery: LeasedDelivery): void {
    const work = this.attempt(delivery).then((finished) => {
      this.toRecord.push(finished);
      this.recordSoon();
    });
    this.posting.add(work);
    void work.finally(() => {
      this.posting.delete(work);
      this.wakeIfHalfFree();
    });
  }

  private async attempt(delivery: LeasedDelivery): Promise<FinishedAttempt> {
    const startedAt = new Date();
    let result: PostResult;
    try {
      result = await postWebhook({
        url: delivery.url,
        body: delivery.body,
        headers: webhookHeaders({ secrets: signingSecrets(delivery, startedAt), id: delivery.eventId, body: delivery.body, now: startedAt }),
        timeoutMs: this.options.timeoutMs,
        allowPrivate: this.options.allowPrivate,
        agents: this.agents,
      });
    } catch (error) {
      result = { ok: false, statusCode: null, latencyMs: Date.now() - startedAt.getTime(), responseSnippet: '', error: errorMessage(error), isAddressRefused: false };
    }
    return { delivery, startedAt, result };
  }

  /**
   * Records what has finished, one statement at a time: the attempts that finish while one is
   * written wait for the next, so a busy worker writes many per statement and an idle one each at
   * once. Waiting for the event loop's turn first gathers the answers that arrived together.
   */
  private recordSoon(): void {
    if (this.recording) return;
    this.recording = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      while (this.toRecord.length > 0) {
        const batch = this.toRecord.splice(0, RECORD_BATCH_MAX);
        await this.record(batch);
        this.leased -= batch.length;
        // The record has also released the next event of each dispatch it finished.
        this.wakeIfHalfFree();
      }
    })().finally(() => {
      this.recording = null;
      if (this.toRecord.length > 0) this.recordSoon();
    });
  }

  /** Records a batch of attempts in one statement (webhook_record_attempts, lib/webhooks/server/sql). */
  private async record(batch: FinishedAttempt[]): Promise<void> {
    const results = batch.map(({ delivery, startedAt, result }) => {
      const number = delivery.attempts + 1;
      const outcome = outcomeOfAttempt({
        ok: result.ok,
        attemptInSeries: number - delivery.seriesStart,
        maxAttempts: this.options.maxAttempts,
        retryBaseMs: this.options.retryBaseMs,
      });
      return {
        id: delivery.id,
        number,
        started_at: startedAt.toISOString(),
        status_code: result.statusCode,
        latency_ms: result.latencyMs,
        response_snippet: result.responseSnippet,
        error: result.error ?? (result.ok ? null : `HTTP ${result.statusCode}`),
        ok: result.ok,
        status: outcome.status,
        retry_in_ms: outcome.status === 'pending' ? outcome.retryInMs : null,
      };
    });
    for (let tries = 1; ; tries++) {
      try {
        const disabled = await queryRows<{ endpointId: string; reason: string }>(
          Prisma.sql`
            SELECT disabled_endpoint_id AS "endpointId", reason
            FROM webhook_record_attempts(${this.id}, ${this.options.disableAfterMs}::bigint, ${JSON.stringify(results)}::json)`,
          { prepared: true },
        );
        for (const row of disabled) logEvent('warn', 'webhook endpoint disabled', { worker: this.id, endpoint: row.endpointId, reason: row.reason });
        return;
      } catch (error) {
        if (isDeadlock(error) && tries < RECORD_TRIES) continue;
        // The claims stay until they expire; the deliveries are attempted again then (at least once).
        logEvent('error', 'webhook attempts not recorded', { worker: this.id, deliveries: batch.map((item) => item.delivery.id), error: errorMessage(error) });
        return;
      }
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40P01' || /deadlock detected/.test(errorMessage(error));
}

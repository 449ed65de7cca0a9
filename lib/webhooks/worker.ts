import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { db, dbKind } from '@/lib/db/client';
import { subscribe } from '@/lib/db/notifications';
import { getEnv, type Env } from '@/lib/env';
import { purgeExpired } from '@/lib/housekeeping/purge-expired';
import { rotateTrailPartitions } from '@/lib/housekeeping/rotate-trail-partitions';
import { postWebhook, type PostResult } from '@/lib/webhooks/post-webhook';
import { outcomeOfAttempt } from '@/lib/webhooks/retry-schedule';
import { signingSecrets, webhookHeaders } from '@/lib/signing/webhook-signing';
import { DELIVERY_CHANNEL } from '@/lib/webhooks/wake-workers';
import { InterruptibleSleep } from '@/lib/interruptible-sleep';

// The delivery worker. Deliveries are leased with `FOR UPDATE SKIP LOCKED` in plain SQL rather
// than through a job-queue library (pg-boss, graphile-worker): the rows are ours already (written
// by the outbox trigger in the change's transaction), per-dispatch ordering is one function,
// the same SQL runs on PGlite, and a queue library would copy every event into its own tables.
//
// A lease is a time-limited claim (`leased_by`, `lease_expires_at`): any number of workers on
// one PostgreSQL never send the same delivery concurrently, and a worker that dies (kill -9)
// loses its claims when they expire. Every attempt is recorded in one statement with the
// delivery's new state and the endpoint's health.

export interface WorkerOptions {
  concurrency: number;
  timeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  disableAfterMs: number;
  leaseMs: number;
  pollMs: number;
  allowPrivate: boolean;
  retentionMs: number;
  /** Days of drivers' trails kept (POSITION_RETENTION_DAYS). */
  positionRetentionDays: number;
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
    retentionMs: env.WEBHOOK_RETENTION_DAYS * 86_400_000,
    positionRetentionDays: env.POSITION_RETENTION_DAYS,
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

/**
 * Whether this delivery may go now. `held` rows wait for an earlier event of their dispatch and
 * are skipped by the index; asking the order rule (`webhook_must_wait`, prisma/sql) again keeps it
 * true on its own as well (a redelivered older event holds back later ones already released).
 */
const ELIGIBLE = `
  c.status = 'pending' AND NOT c.held
  AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
  AND e.disabled_at IS NULL
  AND NOT webhook_must_wait(c.endpoint_id, c.dispatch_id, c.sequence)`;

const STRANDED_CHECK_MS = 30_000;
const PURGE_EVERY_MS = 3_600_000;

export class DeliveryWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly options: WorkerOptions;
  private readonly inFlight = new Set<Promise<void>>();
  private isRunning = false;
  private loopDone: Promise<void> | null = null;
  private readonly sleeper = new InterruptibleSleep();
  private isWoken = false;
  private lastStrandedCheck = 0;
  private lastPurge = 0;

  constructor(options: Partial<WorkerOptions> = {}) {
    this.options = { ...workerOptions(), ...options };
  }

  /** Starts delivering in the background until stop(). */
  async start(): Promise<void> {
    if (this.isRunning) return;
    this.isRunning = true;
    // The embedded database has one owner: leases left by a previous run of it are dead.
    if (dbKind() === 'pglite') {
      await db().$executeRaw`
        UPDATE webhook_deliveries SET lease_expires_at = NULL, leased_by = NULL
        WHERE status = 'pending' AND leased_by IS NOT NULL`;
    }
    subscribe(DELIVERY_CHANNEL, () => this.wake(), () => this.wake());
    this.loopDone = this.loop();
  }

  /** Stops leasing, lets in-flight attempts finish (each is bounded by the timeout), then releases any claim left. */
  async stop(): Promise<void> {
    if (!this.isRunning) return;
    this.isRunning = false;
    this.wake();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
    await db().$executeRaw`
      UPDATE webhook_deliveries SET lease_expires_at = NULL, leased_by = NULL
      WHERE leased_by = ${this.id} AND status = 'pending'`;
  }

  /** Leases what is due now, delivers it and waits for the attempts to be recorded (tests, scripts). */
  async runOnce(): Promise<number> {
    const batch = await this.lease(this.options.concurrency);
    await Promise.all(batch.map((delivery) => this.deliver(delivery)));
    return batch.length;
  }

  private wake(): void {
    this.isWoken = true;
    this.sleeper.wake();
  }

  private async loop(): Promise<void> {
    while (this.isRunning) {
      this.isWoken = false;
      this.purgeHourly();
      const free = this.options.concurrency - this.inFlight.size;
      try {
        const batch = free > 0 ? await this.lease(free) : [];
        for (const delivery of batch) this.track(this.deliver(delivery));
        if (batch.length > 0 && batch.length === free) continue;
        if (this.isWoken) continue;
        // Something in flight or held back by its dispatch's order: a completion wakes us.
        // Nothing at all: sleep until the next retry is due (new events wake us at once).
        await this.sleep(batch.length > 0 || this.inFlight.size > 0 ? this.options.pollMs : await this.msUntilNextDue());
      } catch (error) {
        // The database is unreachable or restarting: log, wait, try again.
        logEvent('warn', 'webhook worker cycle failed', { worker: this.id, error: errorMessage(error) });
        await this.sleep(this.options.pollMs);
      }
    }
  }

  /**
   * Once an hour (and at start), beside the delivery work (lib/housekeeping): deletes expired rows,
   * and makes the coming days' partitions of the drivers' trail and drops those past retention.
   * The trail's rotation skips the start: the migration `npm start` runs has just made the coming
   * days' partitions, and on PGlite (one thread) it would hold up the first deliveries.
   */
  private purgeHourly(): void {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    const isStart = this.lastPurge === 0;
    this.lastPurge = Date.now();
    this.track(
      purgeExpired({ deliveryRetentionMs: this.options.retentionMs }).then(
        () => undefined,
        (error: unknown) => logEvent('warn', 'purge of expired rows failed', { worker: this.id, error: errorMessage(error) }),
      ),
    );
    if (isStart) return;
    this.track(
      rotateTrailPartitions({ retentionDays: this.options.positionRetentionDays }).then(
        () => undefined,
        (error: unknown) => logEvent('warn', "rotation of the drivers' trail partitions failed", { worker: this.id, error: errorMessage(error) }),
      ),
    );
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      // Lease again once half the slots are free: one lease per batch, not per delivery.
      if (this.inFlight.size <= this.options.concurrency / 2) this.wake();
    });
  }

  private sleep(ms: number): Promise<void> {
    if (!this.isRunning || this.isWoken) return Promise.resolve();
    return this.sleeper.sleep(ms);
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

  private lease(limit: number): Promise<LeasedDelivery[]> {
    return db().$queryRawUnsafe<LeasedDelivery[]>(
      `
      WITH due AS (
        SELECT c.id, e.url, a.webhook_secret, a.previous_webhook_secret, a.previous_secret_expires_at
        FROM webhook_deliveries c
        JOIN webhook_endpoints e ON e.id = c.endpoint_id
        JOIN accounts a ON a.id = c.account_id
        WHERE c.next_attempt_at <= now() AND ${ELIGIBLE}
        ORDER BY c.next_attempt_at
        LIMIT $1
        FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE webhook_deliveries d
      SET lease_expires_at = now() + $2 * interval '1 millisecond', leased_by = $3
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.endpoint_id AS "endpointId", d.dispatch_id AS "dispatchId", d.event_id AS "eventId", d.body, d.attempts, d.series_start AS "seriesStart", due.url,
                due.webhook_secret AS "webhookSecret", due.previous_webhook_secret AS "previousWebhookSecret",
                due.previous_secret_expires_at AS "previousSecretExpiresAt"`,
      limit,
      this.options.leaseMs,
      this.id,
    );
  }

  private async deliver(delivery: LeasedDelivery): Promise<void> {
    const startedAt = new Date();
    let result: PostResult;
    try {
      result = await postWebhook({
        url: delivery.url,
        body: delivery.body,
        headers: webhookHeaders({ secrets: signingSecrets(delivery, startedAt), id: delivery.eventId, body: delivery.body, now: startedAt }),
        timeoutMs: this.options.timeoutMs,
        allowPrivate: this.options.allowPrivate,
      });
    } catch (error) {
      result = { ok: false, statusCode: null, latencyMs: Date.now() - startedAt.getTime(), responseSnippet: '', error: errorMessage(error), isAddressRefused: false };
    }
    try {
      await this.record(delivery, startedAt, result);
    } catch (error) {
      // The claim stays until it expires; the delivery is attempted again then (at least once).
      logEvent('error', 'webhook attempt not recorded', { worker: this.id, delivery: delivery.id, error: errorMessage(error) });
    }
  }

  private async record(delivery: LeasedDelivery, startedAt: Date, result: PostResult): Promise<void> {
    const number = delivery.attempts + 1;
    const outcome = outcomeOfAttempt({
      ok: result.ok,
      attemptInSeries: number - delivery.seriesStart,
      maxAttempts: this.options.maxAttempts,
      retryBaseMs: this.options.retryBaseMs,
    });
    const now = new Date();
    const nextAttemptAt = outcome.status === 'pending' ? new Date(now.getTime() + outcome.retryInMs) : now;
    const error = result.error ?? (result.ok ? null : `HTTP ${result.statusCode}`);
    const disableBefore = new Date(now.getTime() - this.options.disableAfterMs);
    const recordAttempt = db().$queryRaw<{ disabledReason: string | null }[]>`
      WITH attempt AS (
        INSERT INTO webhook_attempts (delivery_id, number, started_at, status_code, latency_ms, response_snippet, error, worker_id)
        VALUES (${delivery.id}, ${number}, ${startedAt}, ${result.statusCode}, ${result.latencyMs}, ${result.responseSnippet}, ${error}, ${this.id})
      ), delivery AS (
        UPDATE webhook_deliveries
        SET attempts = ${number}, status = ${outcome.status}, next_attempt_at = ${nextAttemptAt},
            lease_expires_at = NULL, leased_by = NULL, last_status_code = ${result.statusCode}, last_error = ${error},
            completed_at = ${outcome.status === 'pending' ? null : now}
        WHERE id = ${delivery.id} AND leased_by = ${this.id} AND status = 'pending'
        RETURNING endpoint_id
      )
      UPDATE webhook_endpoints e
      SET last_success_at = CASE WHEN ${result.ok} THEN ${now} ELSE e.last_success_at END,
          last_failure_at = CASE WHEN ${result.ok} THEN e.last_failure_at ELSE ${now} END,
          failing_since = CASE WHEN ${result.ok} THEN NULL ELSE coalesce(e.failing_since, ${startedAt}) END,
          disabled_at = CASE WHEN NOT ${result.ok} AND e.disabled_at IS NULL AND e.failing_since <= ${disableBefore}
                             THEN ${now} ELSE e.disabled_at END,
          disabled_reason = CASE WHEN NOT ${result.ok} AND e.disabled_at IS NULL AND e.failing_since <= ${disableBefore}
                                 THEN 'No successful delivery since ' || to_char(e.failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
                                      || ' UTC; last error: ' || ${error}::text
                                 ELSE e.disabled_reason END,
          updated_at = ${now}
      FROM delivery
      WHERE e.id = delivery.endpoint_id
        -- a healthy endpoint is written at most once a second, not once per delivery
        AND (NOT ${result.ok} OR e.failing_since IS NOT NULL OR e.last_success_at IS NULL
             OR e.last_success_at < ${new Date(now.getTime() - 1_000)})
      RETURNING CASE WHEN e.disabled_at = ${now} THEN e.disabled_reason END AS "disabledReason"`;
    // A finished delivery releases the next event of its dispatch, in the same transaction.
    const [rows] =
      outcome.status !== 'pending' && delivery.dispatchId !== null
        ? await db().$transaction([recordAttempt, db().$executeRaw`SELECT webhook_release_next(${delivery.endpointId}, ${delivery.dispatchId})`])
        : [await recordAttempt];
    const disabledReason = rows[0]?.disabledReason;
    if (disabledReason) logEvent('warn', 'webhook endpoint disabled', { worker: this.id, delivery: delivery.id, reason: disabledReason });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function logEvent(level: 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  console[level](JSON.stringify({ level, message, ...fields }));
}

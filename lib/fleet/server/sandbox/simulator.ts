import { z } from 'zod';
import { BackgroundLoop, backgroundId } from '@/lib/platform/server/background/loop';
import { errorMessage, logEvent } from '@/lib/platform/server/background/log';
import { db } from '@/lib/platform/server/db/client';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { getEnv, type Env } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { nextStep, type SimulatedDispatch, type SimulatorStep } from '@/lib/fleet/server/internal/sandbox/next-step';
import { sandboxEstimator } from '@/lib/fleet/server/sandbox/straight-line';
import { sandboxFoodReadyAt } from '@/lib/fleet/server/sandbox/kitchen';

// The sandbox simulator: moves the dispatches of accounts in sandbox mode through their
// lifecycle with simulated drivers, one step per dispatch per tick (a trip's driver is moved by
// one of its dispatches at a time: to the pickup, then each drop-off in order), through the same domain
// functions as everyone else (assignDriver, changeStatus, recordDriverPosition), so every step
// writes its real events and fires the account's real webhooks.
//
// The schedule is `dispatches.sim_next_at` (set at creation for sandbox accounts, null once the
// simulator is done). A simulator claims due dispatches by moving their `sim_next_at` a lease
// ahead (`UPDATE … RETURNING` over `FOR UPDATE SKIP LOCKED`): any number of simulators on one
// PostgreSQL never step one dispatch at once, and a simulator that dies loses its claims when
// they expire. After the step it schedules the next tick, if it still holds the lease. Nothing
// is kept in memory: the next step is derived from the dispatch and its driver (next-step.ts).

export interface SimulatorOptions {
  tickMs: number;
  /** How long a claim lasts; a step taking longer could be taken over by another simulator. */
  leaseMs: number;
  /** Dispatches claimed at once, and stepped concurrently at most. */
  batchSize: number;
  concurrency: number;
  /** The simulated kitchen's preparation time (SANDBOX_PREP_S). */
  prepS: number;
  random: () => number;
  /** Observes every step taken (logs and tests). */
  onStep?: (event: StepEvent) => void;
}

export interface StepEvent {
  simulator: string;
  dispatchId: string;
  step: SimulatorStep['kind'];
  startedAt: number;
  endedAt: number;
  error?: string;
  /** The step was refused for now, as a driver app is told to send it again (a position racing the driver's other dispatches); the next tick tries again. */
  retry?: true;
}

const MIN_LEASE_MS = 30_000;
/** After an unexpected failure (database trouble), a dispatch waits this many ticks. */
const FAILURE_BACKOFF_TICKS = 5;

export function simulatorOptions(env: Env = getEnv()): SimulatorOptions {
  return {
    tickMs: env.SANDBOX_TICK_MS,
    leaseMs: Math.max(MIN_LEASE_MS, env.SANDBOX_TICK_MS * 10),
    batchSize: 100,
    concurrency: 8,
    prepS: env.SANDBOX_PREP_S,
    random: Math.random,
  };
}

const PointSchema = z.object({ lat: z.number(), lng: z.number() });

interface Claim {
  id: string;
  leaseUntil: Date;
}

/**
 * Makes every scheduled dispatch due now, claims included. For the embedded database at server
 * start: it has one owner process, so a claim found then was left by a previous run that died,
 * and waiting for it to expire would only freeze the sandbox for a while.
 */
export async function releaseSandboxClaims(): Promise<void> {
  await db().$executeRaw`UPDATE dispatches SET sim_next_at = now() WHERE sim_next_at > now()`;
}

export class SandboxSimulator {
  readonly id = backgroundId();
  private readonly options: SimulatorOptions;
  private readonly loop: BackgroundLoop;
  private steps = 0;

  constructor(options: Partial<SimulatorOptions> = {}) {
    this.options = { ...simulatorOptions(), ...options };
    // A full batch is followed at once; otherwise the next round waits for the next dispatch due.
    this.loop = new BackgroundLoop({
      round: async () => ((await this.runOnce()) === this.options.batchSize ? 0 : await this.msUntilNextDue()),
      failure: { message: 'sandbox simulator cycle failed', fields: { simulator: this.id }, retryMs: this.options.tickMs },
    });
  }

  /** Steps this simulator has taken since it was made (logs). */
  get stepsTaken(): number {
    return this.steps;
  }

  /** Starts ticking in the background until stop(). */
  start(): void {
    void this.loop.start();
  }

  /** Stops claiming and lets the steps in progress finish (their dispatches are scheduled as usual). */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Claims what is due now and steps it once (tests, scripts); returns how many were stepped. */
  async runOnce(): Promise<number> {
    const claims = await this.claim(this.options.batchSize);
    if (claims.length === 0) return 0;
    const snapshots = await this.read(claims.map((claim) => claim.id));
    const queue = [...claims];
    const run = async () => {
      for (let claim = queue.shift(); claim; claim = queue.shift()) await this.stepOne(claim, snapshots.get(claim.id));
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, claims.length) }, run));
    return claims.length;
  }

  /** Time until the next dispatch is due, at most one tick. */
  private async msUntilNextDue(): Promise<number> {
    const rows = await db().$queryRaw<{ ms: number | null }[]>`
      SELECT (extract(epoch FROM min(sim_next_at) - now()) * 1000)::float8 AS ms FROM dispatches WHERE sim_next_at IS NOT NULL`;
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? this.options.tickMs : Math.min(Math.max(ms, 0), this.options.tickMs);
  }

  private claim(limit: number): Promise<Claim[]> {
    return db().$queryRaw<Claim[]>`
      WITH due AS (
        SELECT id FROM dispatches
        WHERE sim_next_at <= now()
        ORDER BY sim_next_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE dispatches d SET sim_next_at = now() + ${this.options.leaseMs} * interval '1 millisecond'
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.sim_next_at AS "leaseUntil"`;
  }

  /** What the next steps are derived from, for a whole batch in one query. */
  private async read(ids: string[]): Promise<Map<string, SimulatedDispatch>> {
    const rows = await db().dispatch.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        accountId: true,
        state: true,
        pickup: true,
        destination: true,
        statusHistory: true,
        account: { select: { sandboxSpeedKmh: true } },
        tripSeq: true,
        createdAt: true,
        readyAt: true,
        pickupReadyAt: true,
        trip: { select: { dispatches: { select: { id: true, state: true, tripSeq: true, assignedDriverId: true } } } },
        assignedDriver: { select: { id: true, sandboxAccountId: true, lastLat: true, lastLng: true, lastPositionAt: true } },
      },
    });
    const snapshots = new Map<string, SimulatedDispatch>();
    for (const row of rows) {
      const pickup = PointSchema.safeParse(row.pickup);
      const destination = PointSchema.safeParse(row.destination);
      if (!pickup.success || !destination.success) continue;
      const driver = row.assignedDriver;
      snapshots.set(row.id, {
        accountId: row.accountId,
        state: row.state,
        pickup: pickup.data,
        destination: destination.data,
        statusHistory: row.statusHistory as unknown as SimulatedDispatch['statusHistory'],
        speedKmh: row.account.sandboxSpeedKmh,
        tripSeq: row.tripSeq ?? 0,
        foodReadyAt: sandboxFoodReadyAt(row, this.options.prepS),
        tripmates: (row.trip?.dispatches ?? [])
          .filter((mate) => mate.id !== row.id && driver !== null && mate.assignedDriverId === driver.id)
          .map((mate) => ({ seq: mate.tripSeq ?? 0, state: mate.state })),
        driver: driver && {
          id: driver.id,
          sandboxAccountId: driver.sandboxAccountId,
          position: driver.lastLat === null || driver.lastLng === null ? null : { lat: driver.lastLat, lng: driver.lastLng },
          positionAt: driver.lastPositionAt,
        },
      });
    }
    return snapshots;
  }

  /** Takes one step of a claimed dispatch and schedules the next (or none). */
  private async stepOne(claim: Claim, dispatch: SimulatedDispatch | undefined): Promise<void> {
    const startedAt = Date.now();
    // Gone, or not a dispatch the simulator can drive (no coordinates): nothing more to do.
    const step: SimulatorStep = dispatch ? nextStep(dispatch, this.options.tickMs) : { kind: 'leave', reason: 'not_simulated' };
    let delayMs: number | null = this.options.tickMs;
    let error: string | undefined;
    let retry: true | undefined;
    try {
      delayMs = (await this.apply(claim.id, dispatch, step)) ? null : this.options.tickMs;
    } catch (caught) {
      error = errorMessage(caught);
      if (caught instanceof DomainError && caught.retryAfterSeconds !== undefined) retry = true;
      // A refused step (the vendor cancelled meanwhile, an admin moved it on): the next tick
      // derives the step again from what the dispatch has become.
      if (!(caught instanceof DomainError)) {
        delayMs = this.options.tickMs * FAILURE_BACKOFF_TICKS;
        logEvent('warn', 'sandbox step failed', { simulator: this.id, dispatch: claim.id, step: step.kind, error });
      }
    }
    this.steps++;
    this.options.onStep?.({ simulator: this.id, dispatchId: claim.id, step: step.kind, startedAt, endedAt: Date.now(), error, retry });
    try {
      await this.schedule(claim, delayMs);
    } catch (caught) {
      // The claim expires and another tick (here or elsewhere) takes the dispatch up again.
      logEvent('warn', 'sandbox schedule not recorded', { simulator: this.id, dispatch: claim.id, error: errorMessage(caught) });
    }
  }

  /** Applies a step; true when the simulator is done with the dispatch. */
  private async apply(id: string, dispatch: SimulatedDispatch | undefined, step: SimulatorStep): Promise<boolean> {
    if (!dispatch || step.kind === 'leave') return true;
    switch (step.kind) {
      case 'wait':
        return false;
      case 'assign':
        // The dispatch engine's rounds give it a simulated driver (lib/engine/server); until
        // then the simulator looks again every tick.
        return false;
      case 'status': {
        const driverId = dispatch.driver?.id ?? 'sandbox';
        await changeStatus({ id, scope: accountScope(dispatch.accountId), status: step.status, actor: { refType: 'driver', refId: driverId } });
        return step.status === 'delivered';
      }
      case 'move':
        await recordDriverPosition({ driverId: step.driverId, lat: step.to.lat, lng: step.to.lng, estimator: sandboxEstimator(dispatch.speedKmh) });
        return false;
    }
  }

  /** The next tick of the dispatch (null: none), written only while this simulator holds its claim. */
  private async schedule(claim: Claim, delayMs: number | null): Promise<void> {
    const lease = claim.leaseUntil.toISOString();
    if (delayMs === null) {
      await db().$executeRaw`UPDATE dispatches SET sim_next_at = NULL WHERE id = ${claim.id} AND sim_next_at = ${lease}::timestamptz`;
    } else {
      await db().$executeRaw`
        UPDATE dispatches SET sim_next_at = now() + ${delayMs} * interval '1 millisecond'
        WHERE id = ${claim.id} AND sim_next_at = ${lease}::timestamptz`;
    }
  }
}

import { db, onClose } from '@/lib/platform/server/db/client';
import { subscribe } from '@/lib/platform/server/db/notifications';
import { getEnv } from '@/lib/platform/server/env';
import { BackgroundLoop, backgroundId } from '@/lib/platform/server/background/loop';
import { onAnyDispatchChange } from '@/lib/dispatch/server/live/dispatch-changes';
import { processWide } from '@/lib/platform/server/process-wide';
import type { Courier, Decision, RoundInput, RoundResult, TravelTime } from '@/lib/engine/server/internal/types';
import { applyDecision, type DecisionOutcome } from '@/lib/engine/server/internal/live/apply-decisions';
import { leaderLease, type LeaderLease } from '@/lib/engine/server/internal/live/leader-lease';
import { loadRoundInput, roundInputOf, type LoadedRound, type TravelFor } from '@/lib/engine/server/internal/live/load-round-input';
import { ROAD_ESTIMATE_TRAVEL, simulatedTravel } from '@/lib/engine/server/internal/live/places';
import { planRound } from '@/lib/engine/server/internal/plan-round';
import { fetchTableTravel } from '@/lib/engine/server/internal/live/routing-table-travel';
import { OFFERABLE_STATES } from '@/lib/fleet/server/offers/close-offers';
import { closeStaleTrips } from '@/lib/fleet/server/offers/trips';
import { spawnSandboxDrivers } from '@/lib/fleet/server/sandbox/assign-sandbox-driver';

// The live dispatch engine: rounds of the pure planner (`planRound`, lib/engine/server) over the
// open dispatches of every account that auto-assigns and of sandbox accounts, every
// DISPATCH_ROUND_S and at once when something makes a round worthwhile (a new dispatch or a
// status that frees a driver, announced on `dispatch_changes`; a trip declined or a driver on
// duty, on `dispatch_engine`; an offer expiring). One process leads (leader-lease.ts); the others
// try to take over once a round. Nothing is kept in memory between rounds: a round reads what
// it plans (load-round-input.ts) and writes each decision in a transaction of its own
// (apply-decisions.ts), so a new leader simply runs the next round.

/** Channel of wake-ups that write no dispatch event (lib/dispatch/server/sql/45_wake_dispatch_engine.sql). */
export const DISPATCH_ENGINE_CHANNEL = 'dispatch_engine';
/** Two rounds start at least this far apart, however often they are asked for. */
export const MIN_ROUND_GAP_MS = 1_000;

/**
 * Decisions applied at once, each in its own transaction. A round's decisions never share a
 * dispatch or a driver (one decision per courier, each order in one decision), so they take no
 * lock the others wait for; four keep a round of hundreds of offers well under a second without
 * taking the API's connections (measured in bench:drivers).
 */
export const APPLY_CONCURRENCY = 4;

async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export type Planner = (input: RoundInput) => RoundResult;

export interface RoundReport {
  orders: number;
  couriers: number;
  decisions: number;
  outcomes: Partial<Record<DecisionOutcome, number>>;
  travel: 'straight_line' | 'table' | 'fallback';
  ms: { load: number; plan: number; apply: number; total: number };
}

export interface DispatchEngineOptions {
  planner: Planner;
  roundMs: number;
  minGapMs: number;
  offerTimeoutS: number;
  lease?: LeaderLease;
  routing?: { url: string; timeoutMs: number };
  /** Observes every round (logs, tests, the bench). */
  onRound?: (report: RoundReport) => void;
}

export class DispatchEngine {
  readonly id = backgroundId();
  private readonly options: DispatchEngineOptions;
  readonly lease: LeaderLease;
  private readonly loop: BackgroundLoop;
  private lastRoundAt = 0;
  private leads = false;
  private unsubscribe: (() => void) | null = null;

  constructor(options: Partial<DispatchEngineOptions> = {}) {
    const env = getEnv();
    this.options = {
      planner: (input) => planRound(input),
      roundMs: env.DISPATCH_ROUND_S * 1000,
      minGapMs: MIN_ROUND_GAP_MS,
      offerTimeoutS: env.DRIVER_OFFER_TIMEOUT_S,
      routing: env.ROUTING_TABLE_URL ? { url: env.ROUTING_TABLE_URL, timeoutMs: env.ROUTING_TIMEOUT_MS } : undefined,
      ...options,
    };
    this.lease = options.lease ?? leaderLease(this.id);
    // A round every roundMs (sooner when an offer expires); a wake-up asks for one at once, at
    // least minGapMs after the last, and only of the leader: a follower tries to lead once a round.
    this.loop = new BackgroundLoop({
      round: () => this.round(),
      failure: { message: 'dispatch round failed', fields: { engine: this.id }, retryMs: this.options.roundMs },
      wakeDelay: () => (this.leads ? this.options.minGapMs - (Date.now() - this.lastRoundAt) : null),
    });
  }

  /** Whether this engine led at its last try. */
  get isLeader(): boolean {
    return this.leads;
  }

  start(): void {
    if (this.loop.isRunning) return;
    this.unsubscribe = onEngineWake(() => this.wake());
    void this.loop.start();
  }

  /** Stops after the round in progress and lets go of the lead, so a follower takes over at once. */
  async stop(): Promise<void> {
    if (this.loop.isRunning) {
      this.unsubscribe?.();
      await this.loop.stop();
    }
    await this.lease.release();
    this.leads = false;
  }

  /** Asks for a round as soon as the gap allows (the leader's; a follower ignores it). */
  wake(): void {
    this.loop.wake();
  }

  /** A round if this engine leads (acquiring the lead if free); null when another process leads. */
  async runOnce(): Promise<RoundReport | null> {
    this.leads = await this.lease.acquire();
    return this.leads ? this.runRound() : null;
  }

  /** One round, whoever leads (tests, the bench; the loop calls it only while leading). */
  async runRound(): Promise<RoundReport> {
    const started = performance.now();
    this.lastRoundAt = Date.now();
    await db().$transaction((tx) => closeStaleTrips(tx, OFFERABLE_STATES));
    let travelKind: RoundReport['travel'] = 'straight_line';
    const prepareTravel = async (places: LoadedRound['places']): Promise<TravelFor> => {
      const straight = ROAD_ESTIMATE_TRAVEL;
      let real: TravelTime = straight;
      if (this.options.routing && places.sources.length > 0) {
        const table = await fetchTableTravel({ baseUrl: this.options.routing.url, request: places, fallback: straight, timeoutMs: this.options.routing.timeoutMs });
        travelKind = table.source;
        if (table.error) console.warn(JSON.stringify({ level: 'warn', message: 'routing table unavailable: straight lines this round', error: table.error }));
        real = table;
      }
      return ({ speedKmh }) => (speedKmh === null ? real : simulatedTravel(speedKmh));
    };
    let round = await loadRoundInput(db(), { now: new Date(), prepareTravel });
    if (round.sandboxShortfall.length > 0) {
      for (const { accountId, pickups } of round.sandboxShortfall) await spawnSandboxDrivers({ accountId, pickups });
      round = await loadRoundInput(db(), { now: new Date(), prepareTravel });
    }
    const loaded = performance.now();
    const outcomes: RoundReport['outcomes'] = {};
    let planMs = 0;
    let decisions = 0;
    const count = (outcome: DecisionOutcome) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);
    for (const partition of round.partitions) {
      const input = roundInputOf(round, partition, this.options.roundMs / 1000);
      let t = performance.now();
      const result = this.options.planner(input);
      planMs += performance.now() - t;
      const decided = new Set<string>();
      const letGo: Decision[] = [];
      await forEachConcurrently(result.decisions, APPLY_CONCURRENCY, async (decision) => {
        decisions++;
        const outcome = await this.applySafely(round, partition, decision);
        count(outcome);
        decided.add(decision.courierId);
        if (outcome === 'skipped_reoffer') letGo.push(decision);
      });
      // Orders the plan gave back to a driver who let them go: planned again without those drivers.
      if (letGo.length > 0) {
        const orderIds = new Set(letGo.flatMap((decision) => decision.orderIds));
        const again: RoundInput = {
          ...input,
          orders: input.orders.filter((order) => orderIds.has(order.id) && partition.orderInfo.get(order.id)?.heldBy === null),
          couriers: input.couriers.filter((courier: Courier) => !decided.has(courier.id) && !courier.heading),
        };
        t = performance.now();
        const second = this.options.planner(again);
        planMs += performance.now() - t;
        await forEachConcurrently(second.decisions, APPLY_CONCURRENCY, async (decision) => {
          decisions++;
          count(await this.applySafely(round, partition, decision));
        });
      }
    }
    const ended = performance.now();
    const report: RoundReport = {
      orders: round.partitions.reduce((sum, partition) => sum + partition.orders.length, 0),
      couriers: round.partitions.reduce((sum, partition) => sum + partition.couriers.length, 0),
      decisions,
      outcomes,
      travel: travelKind,
      ms: { load: loaded - started, plan: planMs, apply: ended - loaded - planMs, total: ended - started },
    };
    this.options.onRound?.(report);
    return report;
  }

  private async applySafely(round: LoadedRound, partition: LoadedRound['partitions'][number], decision: Decision): Promise<DecisionOutcome> {
    try {
      return await applyDecision(round, partition, decision, this.options.offerTimeoutS);
    } catch (error) {
      // A lost race on an index (a second leader's round): the next round plans it again.
      console.warn(JSON.stringify({ level: 'warn', message: 'dispatch decision not applied', courierId: decision.courierId, orders: decision.orderIds, error: String(error) }));
      return 'skipped_stale';
    }
  }

  /** The loop's round: a round if this engine leads, then the wait until the next. */
  private async round(): Promise<number> {
    const report = await this.runOnce();
    if (report && report.decisions > 0) console.log(JSON.stringify({ level: 'info', message: 'dispatch round', engine: this.id, ...report }));
    return this.leads ? Math.min(this.options.roundMs, await msUntilNextExpiry()) : this.options.roundMs;
  }
}

/** Until the earliest offered trip expires (its dispatches are planned again then), at least 0. */
async function msUntilNextExpiry(): Promise<number> {
  const [row] = await db().$queryRaw<{ ms: number | null }[]>`
    SELECT (extract(epoch FROM min(expires_at) - now()) * 1000)::float8 AS ms FROM trips WHERE state = 'offered'`;
  return row?.ms === null || row?.ms === undefined ? Number.POSITIVE_INFINITY : Math.max(0, row.ms + 50);
}

/**
 * Calls `listener` when a round may be worthwhile: any dispatch status (a new dispatch, a
 * delivery or cancellation that frees a driver, a ready signal) or an explicit wake-up. One
 * subscription per process, shared by its engines.
 */
function onEngineWake(listener: () => void): () => void {
  const relay = processWide('dispatchEngineWake', () => ({ listeners: new Set<() => void>(), isSubscribed: false, isRelayed: false }));
  const all = () => relay.listeners.forEach((each) => each());
  if (!relay.isSubscribed) {
    relay.isSubscribed = true;
    subscribe(DISPATCH_ENGINE_CHANNEL, all, all);
    onClose(async () => {
      relay.isSubscribed = false;
    });
  }
  if (!relay.isRelayed) {
    // The relay of dispatch changes outlives database reopenings (it subscribes again itself).
    relay.isRelayed = true;
    onAnyDispatchChange((change) => {
      if (change === 'resync' || change.type === 'dispatch.status_updated') relay.listeners.forEach((each) => each());
    });
  }
  relay.listeners.add(listener);
  return () => relay.listeners.delete(listener);
}

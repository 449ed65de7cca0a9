import { db } from '@/lib/db/client';
import { autoAssignDispatch } from '@/lib/dispatches/auto-assign-dispatch';
import { InterruptibleSleep } from '@/lib/interruptible-sleep';

// Dispatches of auto-assign accounts wait in `dispatches.assign_at` for their next look
// (auto-assign-dispatch.ts decides when): a scheduled one until a driver should set off, one
// offered to a driver until the offer expires (then it moves to the next nearest driver), one
// nobody was free for until 30 s later. The scheduler claims due ones the way the sandbox
// simulator claims its steps: `assign_at` moves a lease ahead under FOR UPDATE SKIP LOCKED, so
// any number of schedulers on one PostgreSQL never handle one dispatch at once, and a scheduler
// that dies loses its claims when they expire. auto-assign then writes the next `assign_at`
// (null once assigned or no longer assignable).

export interface ScheduledAssignerOptions {
  tickMs: number;
  leaseMs: number;
  batchSize: number;
}

// A tick of 2 s: an offer nobody answered reaches the next driver within 2 s of its expiry.
const DEFAULTS: ScheduledAssignerOptions = { tickMs: 2_000, leaseMs: 60_000, batchSize: 50 };

export class ScheduledAssigner {
  private readonly options: ScheduledAssignerOptions;
  private isRunning = false;
  private loopDone: Promise<void> | null = null;
  private readonly sleeper = new InterruptibleSleep();

  constructor(options: Partial<ScheduledAssignerOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    if (!this.isRunning) return;
    this.isRunning = false;
    this.sleeper.wake();
    await this.loopDone;
  }

  /** Claims the dispatches due now and runs auto-assign on each; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const claims = await db().$queryRaw<{ id: string }[]>`
      WITH due AS (
        SELECT id FROM dispatches WHERE assign_at <= now() ORDER BY assign_at LIMIT ${this.options.batchSize} FOR UPDATE SKIP LOCKED
      )
      UPDATE dispatches d SET assign_at = now() + ${this.options.leaseMs} * interval '1 millisecond'
      FROM due WHERE d.id = due.id
      RETURNING d.id`;
    for (const { id } of claims) {
      try {
        await autoAssignDispatch({ id });
      } catch (error) {
        // The claim expires and the dispatch is looked at again then.
        console.error(JSON.stringify({ level: 'warn', message: 'scheduled auto-assign failed', dispatchId: id, error: String(error) }));
      }
    }
    return claims.length;
  }

  private async loop(): Promise<void> {
    while (this.isRunning) {
      try {
        if ((await this.runOnce()) === this.options.batchSize) continue;
      } catch (error) {
        console.error(JSON.stringify({ level: 'warn', message: 'scheduled auto-assign cycle failed', error: String(error) }));
      }
      if (this.isRunning) await this.sleeper.sleep(this.options.tickMs);
    }
  }
}

import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { InterruptibleSleep } from '@/lib/platform/server/internal/interruptible-sleep';
import { errorMessage, logEvent } from '@/lib/platform/server/background/log';

// The lifecycle every background loop shares (the webhook worker, the dispatch engine, the
// sandbox simulator, housekeeping), written once: started once however often start() is called,
// rounds one after another, a wait between them that wake() cuts short, a failed round logged
// and the loop going on, and a stop that waits for the round in flight. What a round does, and
// how long to wait after it, stays with each loop.

/** Names one loop of one process, in leases (`leased_by`, the engine's lead) and in logs. */
export function backgroundId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export interface BackgroundLoopOptions {
  /** One round of the work; resolves to how long to wait before the next (0: at once). */
  round: () => Promise<number>;
  /**
   * A round that throws (the database unreachable or restarting) is logged as a warning,
   * `{"level":"warn","message":<message>, ...fields, "error":…}`, and the next waits `retryMs`.
   */
  failure: { message: string; fields: Record<string, unknown>; retryMs: number };
  /**
   * How much longer a wake-up waits before the next round (the engine's gap between two rounds),
   * or null when it shortens nothing (an engine that does not lead). Without it, a wake-up ends
   * the wait at once.
   */
  wakeDelay?: () => number | null;
  /** Runs before the first round (the worker's release of dead leases); start() resolves after it. */
  prepare?: () => Promise<void>;
}

export class BackgroundLoop {
  private running = false;
  private woken = false;
  private done: Promise<void> | null = null;
  private readonly sleeper = new InterruptibleSleep();

  constructor(private readonly options: BackgroundLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Whether wake() was called since the current round began (the round may skip work it would wait for). */
  get isWoken(): boolean {
    return this.woken;
  }

  /** Starts the rounds in the background until stop(); a loop already running is left as it is. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.options.prepare?.();
    } catch (error) {
      this.running = false;
      throw error;
    }
    // Stopped while preparing: no round.
    if (this.running) this.done = this.run();
  }

  /** Ends the wait, lets the round in flight finish, and starts no other. */
  async stop(): Promise<void> {
    this.running = false;
    this.sleeper.wake();
    await this.done;
  }

  /** Asks for the next round now (or after `wakeDelay`); during a round, the next one starts without waiting. */
  wake(): void {
    this.woken = true;
    this.sleeper.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let waitMs: number;
      try {
        waitMs = await this.options.round();
      } catch (error) {
        logEvent('warn', this.options.failure.message, { ...this.options.failure.fields, error: errorMessage(error) });
        waitMs = this.options.failure.retryMs;
      }
      await this.pause(waitMs);
    }
  }

  private async pause(ms: number): Promise<void> {
    const from = Date.now();
    while (this.running && Date.now() - from < ms) {
      if (this.woken) {
        const delay = this.options.wakeDelay ? this.options.wakeDelay() : 0;
        if (delay !== null) {
          if (delay <= 0) return;
          await this.sleeper.sleep(delay);
          continue;
        }
      }
      await this.sleeper.sleep(ms - (Date.now() - from));
    }
  }
}

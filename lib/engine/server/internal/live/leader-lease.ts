import pg from 'pg';
import { dbKind } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { processWide } from '@/lib/platform/server/process-wide';

// Exactly one process runs the dispatch engine's rounds at a time. On PostgreSQL the leader holds
// a session advisory lock on a connection of its own: when its process dies (or the connection
// breaks) PostgreSQL releases the lock at once, and the next follower to try — each tries once a
// round — takes over, so a crashed leader's place is taken within one round. On the embedded
// database the server process is the only owner: leadership is a slot in the process.

/** The advisory lock's key (any constant of the application's own: `dispatch` in ASCII). */
export const ENGINE_LOCK_KEY = 0x6469737061746368n;

export interface LeaderLease {
  /** True when this holder leads now (acquiring it if free); false when another process does. */
  acquire(): Promise<boolean>;
  /** Lets go (a clean stop): a follower takes over at its next try. */
  release(): Promise<void>;
}

export function leaderLease(holderId: string): LeaderLease {
  return dbKind() === 'postgres' ? new AdvisoryLockLease(getEnv().DATABASE_URL!) : new ProcessLease(holderId);
}

/** PostgreSQL: `pg_try_advisory_lock` on a dedicated connection, held for as long as it lives. */
export class AdvisoryLockLease implements LeaderLease {
  private client: pg.Client | null = null;
  private isHeld = false;

  constructor(private readonly databaseUrl: string) {}

  async acquire(): Promise<boolean> {
    try {
      if (this.client && this.isHeld) {
        // Still ours while the connection answers.
        await this.client.query('SELECT 1');
        return true;
      }
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'dispatch-engine-leader' });
        client.on('error', () => this.drop(client));
        client.on('end', () => this.drop(client));
        await client.connect();
        this.client = client;
      }
      const { rows } = await this.client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [ENGINE_LOCK_KEY.toString()]);
      this.isHeld = rows[0]?.held === true;
      return this.isHeld;
    } catch {
      if (this.client) this.drop(this.client);
      return false;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.isHeld = false;
    // Ending the session releases the lock.
    await client?.end().catch(() => {});
  }

  /** The backend pid of the lease's connection (tests end it to play a crash). */
  async backendPid(): Promise<number | null> {
    if (!this.client) return null;
    const { rows } = await this.client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return rows[0]?.pid ?? null;
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.isHeld = false;
    client.end().catch(() => {});
  }
}

/** The embedded database: one slot per process; the first engine to ask holds it until it lets go. */
export class ProcessLease implements LeaderLease {
  constructor(private readonly holderId: string) {}

  private slot(): { holder: string | null } {
    return processWide('dispatchEngineLeader', () => ({ holder: null as string | null }));
  }

  async acquire(): Promise<boolean> {
    const slot = this.slot();
    slot.holder ??= this.holderId;
    return slot.holder === this.holderId;
  }

  async release(): Promise<void> {
    const slot = this.slot();
    if (slot.holder === this.holderId) slot.holder = null;
  }
}

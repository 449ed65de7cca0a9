import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { processWide } from '@/lib/platform/server/process-wide';

// Registering a webhook waits on the vendor's URL (up to the ping timeout) inside the request,
// outside the embedded database's admission gate (`callsOut`). Without a bound, slow hosts let
// one account, or all of them, pile up outgoing requests and open sockets. A check takes a slot
// or is refused at once: a queue would only move the pile-up into waiting requests, and one
// registration needs one check, so a caller over the limit is retrying in a loop or scripted.
// Per process (each of WEB_CONCURRENCY processes has its own slots); the delivery worker is
// bounded separately (WEBHOOK_WORKER_CONCURRENCY).

/** Outgoing checks one account may have in flight in one process. */
export const CHECKS_PER_ACCOUNT = 2;
/** Outgoing checks one process runs at once, all accounts together. */
export const CHECKS_PER_PROCESS = 16;

interface Slot {
  accountId: string;
  /** When the check gives up at the latest (its start plus its timeout). */
  endsAt: number;
}

export interface CheckLimits {
  perAccount: number;
  perProcess: number;
}

export interface CheckSlots {
  /**
   * Runs `check` holding one of the account's slots and one of the process's, released however
   * it ends (answer, failure, timeout, the client aborting). Without a free slot it throws at
   * once: `too_many_requests` (429) when the account holds all of its own, else
   * `service_unavailable` (503); both carry when the soonest slot frees, in seconds.
   */
  run<T>(options: { accountId: string; timeoutMs: number }, check: () => Promise<T>): Promise<T>;
  /** Checks in flight in this process. */
  inFlight(): number;
  /** Checks of one account in flight. */
  inFlightOf(accountId: string): number;
}

/** Seconds until the first of `slots` is released at the latest, at least 1. */
function secondsUntilFree(slots: Slot[]): number {
  const soonest = Math.min(...slots.map((slot) => slot.endsAt));
  return Math.max(1, Math.ceil((soonest - Date.now()) / 1000));
}

export function createCheckSlots(limits: CheckLimits): CheckSlots {
  const held = new Set<Slot>();
  const heldBy = (accountId: string) => [...held].filter((slot) => slot.accountId === accountId);
  return {
    async run(options, check) {
      const own = heldBy(options.accountId);
      if (own.length >= limits.perAccount) {
        const seconds = secondsUntilFree(own);
        throw new DomainError(
          'too_many_requests',
          `Too many webhook checks in flight for this account (at most ${limits.perAccount} at once); retry in ${seconds} s`,
          { retryAfterSeconds: seconds },
        );
      }
      if (held.size >= limits.perProcess) {
        const seconds = secondsUntilFree([...held]);
        throw new DomainError('service_unavailable', `Too many webhook checks in flight on this server; retry in ${seconds} s`, {
          retryAfterSeconds: seconds,
        });
      }
      const slot: Slot = { accountId: options.accountId, endsAt: Date.now() + options.timeoutMs };
      held.add(slot);
      try {
        return await check();
      } finally {
        held.delete(slot);
      }
    },
    inFlight: () => held.size,
    inFlightOf: (accountId) => heldBy(accountId).length,
  };
}

/** The process's slots for the registration check (`registerWebhook`), shared by every route bundle. */
export function registrationCheckSlots(): CheckSlots {
  return processWide('webhook-registration-checks', () => createCheckSlots({ perAccount: CHECKS_PER_ACCOUNT, perProcess: CHECKS_PER_PROCESS }));
}

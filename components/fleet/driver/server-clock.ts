// A phone's clock can be minutes off (set by hand, never synced). The server refuses positions
// more than a minute in its future and judges a driver's freshness by them, so the app stamps its
// fixes in the server's time: the offset is learned from every `/api/driver/me` answer (its
// `server_time` against when it arrived, a poll every few seconds on duty) and kept for a start
// without signal.

const STORAGE_KEY = 'dispatch-driver-clock-offset';

/** The server's clock minus this phone's, in ms; null until learned or read back. */
let offsetMs: number | null = null;

/** Within this of the kept offset, a newly learned one is not written again (a poll every 3 s would write each time). */
const KEEP_STEP_MS = 1_000;

/** The offset last written to storage. */
let keptMs: number | null = null;

/** Learns the offset from the server's time in an answer that arrived at `receivedAt` (this phone's clock). */
export function learnServerTime(serverTime: string | undefined, receivedAt: number): void {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  if (!Number.isFinite(server)) return;
  offsetMs = server - receivedAt;
  if (keptMs !== null && Math.abs(offsetMs - keptMs) < KEEP_STEP_MS) return;
  keptMs = offsetMs;
  try {
    localStorage.setItem(STORAGE_KEY, String(offsetMs));
  } catch {
    // private mode: kept for this visit only
  }
}

function offset(): number {
  if (offsetMs === null) {
    let kept = Number.NaN;
    try {
      kept = Number(localStorage.getItem(STORAGE_KEY) ?? Number.NaN);
    } catch {
      // no storage
    }
    offsetMs = Number.isFinite(kept) ? kept : 0;
  }
  return offsetMs;
}

/** A moment of this phone's clock (ms) as the server's clock reads it. */
export function toServerTime(phoneMs: number): number {
  return phoneMs + offset();
}

/** Forgets what was learned (tests). */
export function resetServerClock(): void {
  offsetMs = null;
  keptMs = null;
}

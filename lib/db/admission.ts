// The embedded database runs on the server's own thread, so every query of every request
// competes with every other. Admitting a few requests at a time, first come first served, keeps
// each request's queries together: the same throughput, but no request waits behind fifty
// half-finished others (without it, p99 at 50 connections was seconds; see bench/).

interface Gate {
  waiting: (() => void)[];
  active: number;
}

// On globalThis: Next bundles this module into every route, and one gate must hold for the
// whole process (with module state, each route had its own four places).
const holder = globalThis as typeof globalThis & { __dispatchAdmission?: Gate };

/** Runs `work` once fewer than `limit` admitted requests are in flight (FIFO, process-wide). */
export async function admit<T>(limit: number, work: () => Promise<T>): Promise<T> {
  const gate = (holder.__dispatchAdmission ??= { waiting: [], active: 0 });
  if (gate.active >= limit) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  else gate.active++;
  try {
    return await work();
  } finally {
    const next = gate.waiting.shift();
    if (next) next();
    else gate.active--;
  }
}

export interface Throttled {
  /** Runs now if the last run is `intervalMs` ago, else once when it is (calls meanwhile merge). */
  call(): void;
  /** Runs now, dropping a scheduled run. */
  flush(): void;
  cancel(): void;
}

/** Leading and trailing throttle: a burst of calls runs `run` at most once per `intervalMs`, and never drops the last call. */
export function throttle(run: () => void, intervalMs: number, now: () => number = Date.now): Throttled {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const flush = () => {
    cancel();
    lastRun = now();
    run();
  };
  return {
    call() {
      if (timer) return;
      const wait = lastRun + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
    cancel,
  };
}

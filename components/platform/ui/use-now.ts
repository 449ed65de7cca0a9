'use client';

import { useCallback, useSyncExternalStore } from 'react';

/**
 * The current time in steps of `intervalMs` (ages tick without a refetch); null during the server
 * render and hydration, so a time-dependent text never mismatches.
 */
export function useNow(intervalMs = 1_000): number | null {
  const subscribe = useCallback(
    (onTick: () => void) => {
      const timer = setInterval(onTick, intervalMs);
      return () => clearInterval(timer);
    },
    [intervalMs],
  );
  return useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / intervalMs) * intervalMs,
    () => null,
  );
}

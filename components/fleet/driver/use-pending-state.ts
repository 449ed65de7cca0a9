'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { pendingEntries, subscribeOutbox, type OutboxEntry } from './outbox';

const NO_ENTRIES: readonly OutboxEntry[] = [];

/**
 * The state a delivery shows while its change waits in the outbox (the UI applies the driver's
 * action at once): the status of the newest waiting entry for it, or null when nothing waits.
 */
export function usePendingState(): (dispatchId: string) => string | null {
  const entries = useSyncExternalStore(subscribeOutbox, pendingEntries, () => NO_ENTRIES);
  return useCallback(
    (dispatchId: string) => entries.findLast((entry) => entry.dispatchId === dispatchId && entry.label !== undefined)?.label ?? null,
    [entries],
  );
}

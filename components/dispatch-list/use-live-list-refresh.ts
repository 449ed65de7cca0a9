'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDispatchChanges } from '@/components/live/use-dispatch-changes';
import { dispatchListKeys } from '@/components/dispatch-list/queries';

/** A burst of changes (a driver app syncing, a bulk import) costs one refetch per this long. */
const THROTTLE_MS = 500;

/**
 * Re-reads the dispatch list when the account's dispatches change: at once for the first change,
 * then at most once per THROTTLE_MS (the last change of a burst is never dropped). After a
 * reconnect ('resync') everything is re-read at once. Returns whether the live stream is up.
 */
export function useLiveListRefresh(): boolean {
  const queryClient = useQueryClient();
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRefresh = useRef(0);
  useEffect(
    () => () => {
      if (trailing.current) clearTimeout(trailing.current);
    },
    [],
  );
  return useDispatchChanges((change) => {
    const refresh = () => {
      lastRefresh.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: dispatchListKeys.lists() });
    };
    if (change === 'resync') {
      if (trailing.current) clearTimeout(trailing.current);
      trailing.current = null;
      refresh();
      return;
    }
    if (trailing.current) return;
    const wait = lastRefresh.current + THROTTLE_MS - Date.now();
    if (wait <= 0) {
      refresh();
      return;
    }
    trailing.current = setTimeout(() => {
      trailing.current = null;
      refresh();
    }, wait);
  });
}

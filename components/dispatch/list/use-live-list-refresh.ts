'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDispatchChanges } from '@/components/dispatch/live/use-dispatch-changes';
import { throttle } from '@/components/dispatch/list/throttle';

/** A burst of changes (a driver app syncing, a bulk import) costs one refetch per this long. */
const THROTTLE_MS = 500;

/**
 * Re-reads the dispatch list under `queryKey` when the dispatches the stream at `eventsPath`
 * reports change: at once for the first change, then at most once per THROTTLE_MS (the last
 * change of a burst is never dropped). After a (re)connect ('resync') it re-reads at once.
 * Returns whether the live stream is up.
 */
export function useLiveListRefresh(queryKey: QueryKey, eventsPath: string): boolean {
  const queryClient = useQueryClient();
  const [refresh] = useState(() => throttle(() => void queryClient.invalidateQueries({ queryKey }), THROTTLE_MS));
  useEffect(() => () => refresh.cancel(), [refresh]);
  return useDispatchChanges((change) => {
    if (change === 'resync') refresh.flush();
    else refresh.call();
  }, eventsPath);
}

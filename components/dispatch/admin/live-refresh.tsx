'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { throttle } from '@/components/dispatch/list/throttle';
import { AUDIENCE_PATHS } from '@/components/dispatch/list/audience';
import { useDispatchChanges } from '@/components/dispatch/live/use-dispatch-changes';

/**
 * Re-renders a server-rendered console page when any dispatch changes (throttled: a burst costs
 * one refresh per second). Only status changes move a dispatch in or out of a status list.
 */
export function LiveRefresh({ label, liveLabel }: { label: string; liveLabel: string }) {
  const router = useRouter();
  const [refresh] = useState(() => throttle(() => router.refresh(), 1_000));
  useEffect(() => () => refresh.cancel(), [refresh]);
  const isLive = useDispatchChanges((change) => {
    if (change === 'resync') refresh.flush();
    else if (change.type === 'dispatch.status_updated') refresh.call();
  }, AUDIENCE_PATHS.admin.eventsPath);
  return (
    <span className={`badge ${isLive ? 'badge--success' : ''}`} data-live={isLive} data-testid="live-indicator">
      {isLive ? liveLabel : label}
    </span>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';

export interface DispatchChangeEvent {
  dispatch_id: string;
  sequence: number;
  type: string;
}

/**
 * Subscribes to dispatch changes: server-sent events from `path` (the account's at
 * /api/staff/events, every account's for admins at /api/admin/dispatches/events).
 * `onChange` gets each change, or `'resync'` whenever the stream (re)connects, when changes may
 * have been missed and everything shown should be re-read. Returns whether the stream is live.
 */
export function useDispatchChanges(onChange: (change: DispatchChangeEvent | 'resync') => void, path = '/api/staff/events'): boolean {
  const handler = useRef(onChange);
  const [isLive, setIsLive] = useState(false);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    const source = new EventSource(path);
    source.addEventListener('ready', () => {
      setIsLive(true);
      // What is shown was read before the stream was live (or while it was down, before a
      // reconnect): a change in between would be missed, so re-read once.
      handler.current('resync');
    });
    source.addEventListener('change', (event) => handler.current(JSON.parse((event as MessageEvent<string>).data) as DispatchChangeEvent));
    source.addEventListener('resync', () => handler.current('resync'));
    source.onerror = () => setIsLive(false);
    return () => source.close();
  }, [path]);
  return isLive;
}

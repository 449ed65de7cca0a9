'use client';

import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`: what a search box, a dragged pin or a
 * typed coordinate asks the server about. Values are compared by their JSON, so a new object
 * with the same content (a render's fresh `{ lat, lng }`) does not restart the wait (JSON
 * values only).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled((key === undefined ? undefined : JSON.parse(key)) as T), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}

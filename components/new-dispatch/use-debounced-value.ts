'use client';

import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`. Values are compared by their JSON, so a
 * new object with the same content does not restart the wait (JSON values only).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced((key === undefined ? undefined : JSON.parse(key)) as T), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return debounced;
}

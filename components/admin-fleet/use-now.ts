'use client';

import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (ages tick without a refetch); null before hydration. */
export function useNow(intervalMs = 1_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { submit } from './outbox';
import { batchesOf, isWorthKeeping, MIN_INTERVAL_MS, type Fix } from './position-throttle';
import { toServerTime } from './server-clock';

// While the driver is on duty the phone's position goes to POST /api/driver/positions, thinned
// and batched by position-throttle.ts, through the outbox (a tunnel's positions arrive late but
// in order). Off duty, or signed out, nothing is watched.

export type LocationProblem = 'denied' | 'unavailable' | null;

/** A fix older than this by its own timestamp comes from another clock than Date.now's (browsers differ): its age is not trusted. */
const MAX_FIX_AGE_MS = 60_000;

/** When a fix was taken, by this phone's clock: now, less the fix's age when its timestamp is on the same clock. */
function fixTakenAt(timestamp: number | undefined): number {
  const now = Date.now();
  const age = timestamp ? now - timestamp : 0;
  return age >= 0 && age <= MAX_FIX_AGE_MS ? now - age : now;
}

let currentFix: Fix | null = null;
let problem: LocationProblem = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The latest fix of this phone (for the map's driver dot), whether or not it was sent. */
export function useCurrentFix(): Fix | null {
  return useSyncExternalStore(subscribe, () => currentFix, () => null);
}

export function useLocationProblem(): LocationProblem {
  return useSyncExternalStore(subscribe, () => problem, () => null);
}

function sendPositions(fixes: Fix[]): void {
  for (const positions of batchesOf(fixes)) {
    void submit({ kind: 'positions', dispatchId: null, path: '/api/driver/positions', contentType: 'application/json', body: JSON.stringify({ positions }) });
  }
}

export function usePositionReporter(isOnDuty: boolean): void {
  useEffect(() => {
    if (!isOnDuty || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    let lastKept: Fix | null = null;
    let queued: Fix[] = [];
    let lastSentAt = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const sendQueued = () => {
      timer = null;
      if (queued.length === 0) return;
      lastSentAt = Date.now();
      sendPositions(queued);
      queued = [];
    };

    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        const fix: Fix = {
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy_m: Number.isFinite(position.coords.accuracy) ? Math.round(position.coords.accuracy) : undefined,
          at: new Date(toServerTime(fixTakenAt(position.timestamp))).toISOString(),
        };
        currentFix = fix;
        problem = null;
        notify();
        if (!isWorthKeeping(fix, lastKept)) return;
        lastKept = fix;
        queued.push(fix);
        const wait = lastSentAt + MIN_INTERVAL_MS - Date.now();
        if (wait <= 0) sendQueued();
        else timer ??= setTimeout(sendQueued, wait);
      },
      (error) => {
        problem = error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable';
        notify();
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 60_000 },
    );

    return () => {
      navigator.geolocation.clearWatch(watchId);
      if (timer) clearTimeout(timer);
      // What was seen before going off duty still counts.
      sendQueued();
    };
  }, [isOnDuty]);
}

'use client';

import { useEffect } from 'react';
import { useToast } from '@/components/platform/ui/toast';
import { usePendingSignOut } from '@/components/platform/shell/use-pending-sign-out';
import { format } from '@/components/platform/i18n/messages';
import type { Locale } from '@/components/platform/i18n/locale';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { flush, onSettled, pendingEntries, RETRY_SYNC_MS, setOnline, startOutbox } from './outbox';
import { invalidateQueries, setQueryData, useDriverQuery } from './driver-store';
import { serviceWorkerUrlOf } from './page-cache';
import { claimPhone, wipePhone } from './phone-data';
import { driverKeys, meQuery } from './queries';
import type { Job } from './types';
import { usePositionReporter } from './use-position-reporter';

/**
 * What runs on every page of the signed-in driver app, drawing nothing: the phone claimed for
 * the signed-in driver (anyone else's data deleted), the outbox (sent on `online`, on an
 * interval, refusals told), the location reporter while on duty (not while signing out), and the
 * service worker that keeps the driver's app shell for a start without signal.
 */
export function DriverRuntime({ driverId, locale, t }: { driverId: string; locale: Locale; t: Pick<DriverText, 'syncRefused'> }) {
  const toast = useToast();
  const { data: me } = useDriverQuery(meQuery());
  const isSigningOut = usePendingSignOut() !== null;
  usePositionReporter(me?.driver.on_duty === true && !isSigningOut);

  // The session cookie now belongs to another driver (signed in from another tab): this page's
  // driver's data goes, and the page is loaded again for the driver signed in.
  const meId = me?.driver.id;
  useEffect(() => {
    if (meId && meId !== driverId) void wipePhone().then(() => window.location.reload());
  }, [meId, driverId]);

  useEffect(() => {
    void claimPhone(driverId)
      .then(() => startOutbox(driverId))
      .then(() => flush());
    const onOnline = () => setOnline(true);
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = setInterval(() => {
      if (pendingEntries().length > 0) void flush();
    }, RETRY_SYNC_MS);
    const stopListening = onSettled((entry, outcome, isAwaited) => {
      if (entry.kind === 'positions') return;
      if (outcome.state === 'refused' && !isAwaited) toast(format(t.syncRefused, { detail: outcome.error.message }), 'error');
      const job = outcome.state === 'sent' ? (outcome.body as { data?: Job } | null)?.data : undefined;
      // Before the entry leaves the outbox's list, so the screen goes from the waiting state straight to the server's.
      if (job && job.id === entry.dispatchId && Array.isArray(job.next_statuses)) setQueryData(driverKeys.job(job.id, locale), job);
      // The server's word replaces what the app showed meanwhile.
      invalidateQueries(driverKeys.all);
    });
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearInterval(timer);
      stopListening();
    };
  }, [driverId, locale, toast, t.syncRefused]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // The driver's own worker: another driver's replaces it, and its pages (page-cache.ts).
    navigator.serviceWorker.register(serviceWorkerUrlOf(driverId), { scope: '/driver' }).catch(() => {
      // Without the worker the app still works online; it only cannot start without signal.
    });
  }, [driverId]);

  return null;
}

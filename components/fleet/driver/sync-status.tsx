'use client';

import { useSyncExternalStore } from 'react';
import { format } from '@/components/platform/i18n/messages';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { lastSendReachedServer, pendingEntries, subscribeOutbox } from './outbox';
import styles from './driver-shell.module.css';

const NO_ENTRIES: readonly never[] = [];

/** "3 waiting to sync" / "No connection": what of the driver's work is still only on the phone. */
export function SyncStatus({ t }: { t: Pick<DriverText, 'waitingToSync' | 'waitingToSyncOne' | 'allSynced' | 'offline'> }) {
  const entries = useSyncExternalStore(subscribeOutbox, pendingEntries, () => NO_ENTRIES);
  const isOnline = useSyncExternalStore(subscribeOutbox, lastSendReachedServer, () => true);
  const count = entries.length;
  const text = count === 0 ? (isOnline ? t.allSynced : t.offline) : count === 1 ? t.waitingToSyncOne : format(t.waitingToSync, { count });
  return (
    <p
      className={[styles.sync, count > 0 ? styles.syncPending : null, isOnline ? null : styles.syncOffline].filter(Boolean).join(' ')}
      role="status"
      data-testid="sync-status"
      data-pending={count}
    >
      {!isOnline && count > 0 ? `${t.offline} · ${text}` : text}
    </p>
  );
}

'use client';

import styles from '@/components/dispatch-list/dispatch-list.module.css';
import { statusBadgeClass, type StatusLabels } from '@/components/dispatch-detail/status-labels';
import { currentStatus } from '@/lib/transitions/current-status';
import { customerName } from '@/lib/dispatches/customer-name';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { formatDateTime } from '@/components/i18n/format-time';
import type { Locale } from '@/components/i18n/locale';

// The cells of the dispatch table (dispatch-table.tsx) that are more than one value.

/** The dispatch's current status as a coloured badge. */
export function StatusBadge({ record, statusLabels }: { record: DispatchRecord; statusLabels: StatusLabels }) {
  const status = currentStatus(record.status);
  return (
    <span className={statusBadgeClass(status)} data-testid="dispatch-status" data-status={status}>
      {statusLabels[status]}
    </span>
  );
}

/** The customer on two lines: name (or `noName`) over phone. */
export function CustomerCell({ record, noName }: { record: DispatchRecord; noName: string }) {
  const name = customerName(record.user_metadata);
  return (
    <>
      <span className={styles.oneLine}>{name || <span className="muted">{noName}</span>}</span>
      <span className={`${styles.oneLine} muted`}>
        <bdi dir="ltr">{record.user_metadata.phone}</bdi>
      </span>
    </>
  );
}

/**
 * The destination's address line, or its coordinates when it has none; a dispatch travelling in a
 * trip (the dispatch engine's bundle) is tagged with the trip and its drop-off's place in it, so
 * the rows of one trip read as one: `⇢ 1A2B3C·1`, `⇢ 1A2B3C·2`.
 */
export function DestinationCell({ record }: { record: DispatchRecord }) {
  return (
    <span className={`${styles.oneLine} ${styles.wide}`} title={record.destination.address_line}>
      {record.trip ? (
        <bdi dir="ltr" className="badge" data-testid="dispatch-trip" data-trip-id={record.trip.id} data-position={record.trip.position ?? 0} title={record.trip.id}>
          ⇢ {record.trip.id.slice(-6)}·{(record.trip.position ?? 0) + 1}
        </bdi>
      ) : null}{' '}
      {record.destination.address_line || (
        <bdi dir="ltr" className="muted">
          {record.destination.lat}, {record.destination.lng}
        </bdi>
      )}
    </span>
  );
}

/** When the dispatch was created, in the viewer's time zone: blank until hydrated, at its final width. */
export function CreatedTime({ record, locale, isHydrated }: { record: DispatchRecord; locale: Locale; isHydrated: boolean }) {
  return (
    <time className={styles.time} dateTime={`${record.created_at.replace(' ', 'T')}Z`}>
      {isHydrated ? formatDateTime(record.created_at, locale) : ''}
    </time>
  );
}

/** A skeleton row's line of text, full or short. */
export function SkeletonLine({ isShort = false }: { isShort?: boolean }) {
  return <span className={`skeleton ${styles.skeleton} ${isShort ? styles.skeletonShort : ''}`}>&nbsp;</span>;
}

/** A skeleton of a two-line cell (like CustomerCell): a full line over a short one. */
export function SkeletonTwoLines() {
  return (
    <>
      <span className={styles.oneLine}>
        <SkeletonLine />
      </span>
      <span className={styles.oneLine}>
        <SkeletonLine isShort />
      </span>
    </>
  );
}

/** A skeleton of CreatedTime, at its width. */
export function SkeletonTime() {
  return (
    <span className={styles.time}>
      <SkeletonLine />
    </span>
  );
}

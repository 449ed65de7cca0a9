'use client';

import styles from '@/components/dispatch/list/dispatch-list.module.css';
import { statusBadgeClass, type StatusLabels } from '@/components/dispatch/detail/status-labels';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { customerName } from '@/lib/dispatch/shared/customer-name';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { formatDateTime, formatTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DispatchListText } from '@/components/platform/i18n/messages/dispatch-list';
import type { DispatchRow } from '@/components/dispatch/list/queries';
import { attentionOf } from '@/lib/dispatch/shared/attention';
import type { CommonText } from '@/components/platform/i18n/messages/common';

/** What a late or stuck dispatch is called (the common catalogue: the list and the dispatch page say it alike). */
export type AttentionText = Pick<CommonText, 'attention_no_driver' | 'attention_pickup_late' | 'attention_deadline_passed'>;

// The cells of the dispatch table (dispatch-table.tsx) that are more than one value.

/**
 * The dispatch's current status as a coloured badge; below it, why it needs attention (late,
 * stuck) at `now` — the browser's clock (useNow), null until hydrated so the server's HTML matches.
 */
export function StatusBadge({ record, statusLabels, t, now = null }: { record: DispatchRecord; statusLabels: StatusLabels; t?: AttentionText; now?: number | null }) {
  const status = currentStatus(record.status);
  const attention = t && now !== null ? attentionOf(record, now) : null;
  return (
    <>
      <span className={statusBadgeClass(status)} data-testid="dispatch-status" data-status={status}>
        {statusLabels[status]}
      </span>
      {attention && t ? (
        <span className={`badge badge--danger ${styles.attention}`} data-testid="dispatch-attention" data-reason={attention.reason}>
          {format(t[`attention_${attention.reason}`], { minutes: attention.minutes })}
        </span>
      ) : null}
    </>
  );
}

/** Who carries it, and when they reach the next stop (the last ETA announced, or the plan's pickup). */
export function DriverCell({ row, t, locale, isHydrated }: { row: DispatchRow; t: DispatchListText; locale: Locale; isHydrated: boolean }) {
  const { driver, eta, record } = row;
  if (!driver) return <span className="muted">{t.noDriverYet}</span>;
  const next = eta ? { stop: eta.stop, at: eta.arrive_at } : record.expected_pickup_at ? { stop: 'pickup' as const, at: record.expected_pickup_at } : null;
  return (
    <>
      <span className={styles.oneLine} data-testid="dispatch-driver">
        <bdi>{driver.name}</bdi>
      </span>
      {next && currentStatus(record.status) !== 'delivered' ? (
        <span className={`${styles.oneLine} muted`} data-testid="dispatch-eta" data-stop={next.stop}>
          {isHydrated ? format(next.stop === 'pickup' ? t.etaPickup : t.etaDestination, { time: formatTime(next.at, locale) }) : '\u00a0'}
        </span>
      ) : null}
    </>
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

/** The vendor's order id over the branch it came from. */
export function OrderBranchCell({ record }: { record: DispatchRecord }) {
  return (
    <>
      <span className={`${styles.oneLine} mono`}>{record.vendor_oid}</span>
      <span className={`${styles.oneLine} muted`}>{record.vendor_bid}</span>
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

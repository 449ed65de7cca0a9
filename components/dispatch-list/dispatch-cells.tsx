'use client';

import styles from '@/components/dispatch-list/dispatch-list.module.css';
import { currentStatus } from '@/lib/dispatches/current-status';
import { customerName } from '@/lib/dispatches/customer-name';
import type { LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';

// Cells the staff table (dispatch-table.tsx) and the console's table share.

const BADGE: Record<LifecycleStatus, string> = {
  new: 'badge',
  dispatch_accepted: 'badge',
  dispatch_rejected: 'badge badge--danger',
  assigned: 'badge badge--active',
  accepted: 'badge badge--active',
  ready_for_pickup: 'badge badge--warning',
  picked_up: 'badge badge--active',
  delivered: 'badge badge--success',
  qa_qc: 'badge badge--success',
  cancelled: 'badge badge--danger',
};

/** The dispatch's current status as a coloured badge. */
export function StatusBadge({ record, statusLabels }: { record: DispatchRecord; statusLabels: Record<LifecycleStatus, string> }) {
  const status = currentStatus(record.status);
  return (
    <span className={BADGE[status]} data-testid="dispatch-status" data-status={status}>
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

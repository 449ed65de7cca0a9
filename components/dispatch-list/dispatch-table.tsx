'use client';

import Link from 'next/link';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import styles from '@/components/dispatch-list/dispatch-list.module.css';
import { currentStatus } from '@/lib/dispatches/current-status';
import type { LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import type { DispatchListText } from '@/lib/i18n/messages/dispatch-list';

const SKELETON_ROWS = 10;

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

interface TableProps {
  t: DispatchListText;
  statusLabels: Record<LifecycleStatus, string>;
  locale: Locale;
}

function customerName(customer: DispatchRecord['user_metadata']): string {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.username || '';
}

/** Every row is two lines high (name over phone), data or skeleton, so nothing moves when data arrives. */
function Row({ record, t, statusLabels, locale, isHydrated }: TableProps & { record: DispatchRecord; isHydrated: boolean }) {
  const status = currentStatus(record.status);
  const name = customerName(record.user_metadata);
  return (
    <tr className={styles.row} data-testid="dispatch-row" data-id={record.id}>
      <td>
        <Link href={`/dispatches/${record.id}`} prefetch={false} className={`mono ${styles.rowLink}`}>
          {record.r_id}
        </Link>
      </td>
      <td className="mono">
        <span className={styles.oneLine}>{record.vendor_oid}</span>
      </td>
      <td>
        <span className={styles.oneLine}>{name || <span className="muted">{t.noName}</span>}</span>
        <span className={`${styles.oneLine} muted`}>
          <bdi dir="ltr">{record.user_metadata.phone}</bdi>
        </span>
      </td>
      <td>
        <span className={styles.oneLine}>{record.vendor_bid}</span>
      </td>
      <td>
        <span className={`${styles.oneLine} ${styles.wide}`} title={record.destination.address_line}>
          {record.destination.address_line || (
            <bdi dir="ltr" className="muted">
              {record.destination.lat}, {record.destination.lng}
            </bdi>
          )}
        </span>
      </td>
      <td>
        <span className={BADGE[status]} data-testid="dispatch-status" data-status={status}>
          {statusLabels[status]}
        </span>
      </td>
      <td>
        <time className={styles.time} dateTime={`${record.created_at.replace(' ', 'T')}Z`}>
          {isHydrated ? formatDateTime(record.created_at, locale) : ''}
        </time>
      </td>
    </tr>
  );
}

function SkeletonRow() {
  const line = (short = false) => <span className={`skeleton ${styles.skeleton} ${short ? styles.skeletonShort : ''}`}>&nbsp;</span>;
  return (
    <tr aria-hidden="true">
      <td>{line(true)}</td>
      <td>{line()}</td>
      <td>
        <span className={styles.oneLine}>{line()}</span>
        <span className={styles.oneLine}>{line(true)}</span>
      </td>
      <td>{line(true)}</td>
      <td>{line()}</td>
      <td>{line(true)}</td>
      <td>
        <span className={styles.time}>{line()}</span>
      </td>
    </tr>
  );
}

/** The list's table: `records` null shows skeleton rows of the final height. */
export function DispatchTable({ records, isStale, ...props }: TableProps & { records: DispatchRecord[] | null; isStale: boolean }) {
  const { t } = props;
  const isHydrated = useIsHydrated();
  return (
    <div className="table-wrap">
      <table className={`table ${styles.table} ${isStale ? styles.stale : ''}`} aria-busy={records === null || isStale}>
        <caption className="sr-only">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.colReference}</th>
            <th scope="col">{t.colOrder}</th>
            <th scope="col">{t.colCustomer}</th>
            <th scope="col">{t.colBranch}</th>
            <th scope="col">{t.colDestination}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colCreated}</th>
          </tr>
        </thead>
        <tbody>
          {records
            ? records.map((record) => <Row key={record.id} record={record} isHydrated={isHydrated} {...props} />)
            : Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} />)}
        </tbody>
      </table>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { CreatedTime, CustomerCell, SkeletonLine, SkeletonTime, SkeletonTwoLines, StatusBadge } from '@/components/dispatch-list/dispatch-cells';
import styles from '@/components/dispatch-list/dispatch-list.module.css';
import type { LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import type { Locale } from '@/lib/i18n/locale';
import type { DispatchListText } from '@/lib/i18n/messages/dispatch-list';

const SKELETON_ROWS = 10;

interface TableProps {
  t: DispatchListText;
  statusLabels: Record<LifecycleStatus, string>;
  locale: Locale;
}

/** Every row is two lines high (name over phone), data or skeleton, so nothing moves when data arrives. */
function Row({ record, t, statusLabels, locale, isHydrated }: TableProps & { record: DispatchRecord; isHydrated: boolean }) {
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
        <CustomerCell record={record} noName={t.noName} />
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
        <StatusBadge record={record} statusLabels={statusLabels} />
      </td>
      <td>
        <CreatedTime record={record} locale={locale} isHydrated={isHydrated} />
      </td>
    </tr>
  );
}

function SkeletonRow() {
  const line = (isShort = false) => <SkeletonLine isShort={isShort} />;
  return (
    <tr aria-hidden="true">
      <td>{line(true)}</td>
      <td>{line()}</td>
      <td>
        <SkeletonTwoLines />
      </td>
      <td>{line(true)}</td>
      <td>{line()}</td>
      <td>{line(true)}</td>
      <td>
        <SkeletonTime />
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

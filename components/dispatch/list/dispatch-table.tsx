'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import { useNow } from '@/components/platform/ui/use-now';
import { dispatchHref, type Audience } from '@/components/dispatch/list/audience';
import {
  CreatedTime,
  CustomerCell,
  DestinationCell,
  DriverCell,
  OrderBranchCell,
  SkeletonLine,
  SkeletonTime,
  SkeletonTwoLines,
  StatusBadge,
  type AttentionText,
} from '@/components/dispatch/list/dispatch-cells';
import styles from '@/components/dispatch/list/dispatch-list.module.css';
import type { DispatchRow } from '@/components/dispatch/list/queries';
import type { RowSelection } from '@/components/dispatch/list/use-row-selection';
import type { StatusLabels } from '@/components/dispatch/detail/status-labels';
import { attentionOf } from '@/lib/dispatch/shared/attention';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import type { DispatchListText } from '@/components/platform/i18n/messages/dispatch-list';
import type { QueryErrorText } from '@/components/platform/ui/query-error';

const SKELETON_ROWS = 10;

// The row's cancel (its dialog and the transition rules) loads after the list's first paint.
const CancelRowAction = dynamic(() => import('@/components/dispatch/cancel/cancel-row-action').then((module) => module.CancelRowAction));

/** The audience's table: staff see order and branch, destination, driver and ETA, price; admins the account and driver, and tick rows for bulk actions. */
export type TableAudience = { audience: 'staff'; common: QueryErrorText } | { audience: 'admin'; adminT: AdminDispatchText; selection: RowSelection };

interface Column {
  header: string;
  /** What the cell is: the phone layout (dispatch-list.module.css) places the cells of a row as a card by it. */
  slot?: 'reference' | 'order' | 'customer' | 'destination' | 'driver' | 'price' | 'status' | 'created' | 'actions';
  cell: (row: DispatchRow) => ReactNode;
  skeleton: ReactNode;
  className?: string;
}

interface CellContext {
  t: DispatchListText;
  attentionText: AttentionText;
  /** The browser's clock for late and stuck dispatches (null until hydrated). */
  now: number | null;
  statusLabels: StatusLabels;
  locale: Locale;
  isHydrated: boolean;
}

const line = (isShort = false) => <SkeletonLine isShort={isShort} />;

/** Every row is two lines high (name over phone), data or skeleton, so nothing moves when data arrives. */
function columnsOf(table: TableAudience, { t, attentionText, now, statusLabels, locale, isHydrated }: CellContext): Column[] {
  const reference = (audience: Audience): Column => ({
    header: t.colReference,
    cell: ({ record }) => (
      <Link href={dispatchHref(audience, record.id)} prefetch={false} className={`mono ${styles.rowLink}`}>
        {record.r_id}
      </Link>
    ),
    skeleton: line(true),
    slot: 'reference',
  });
  const customer: Column = { header: t.colCustomer, slot: 'customer', cell: ({ record }) => <CustomerCell record={record} noName={t.noName} />, skeleton: <SkeletonTwoLines /> };
  const status: Column = {
    header: t.colStatus,
    slot: 'status',
    cell: ({ record }) => <StatusBadge record={record} statusLabels={statusLabels} t={attentionText} now={now} />,
    skeleton: line(true),
  };
  const created: Column = {
    header: t.colCreated,
    slot: 'created',
    cell: ({ record }) => <CreatedTime record={record} locale={locale} isHydrated={isHydrated} />,
    skeleton: <SkeletonTime />,
  };
  if (table.audience === 'staff') {
    return [
      reference('staff'),
      { header: t.colOrderBranch, slot: 'order', cell: ({ record }) => <OrderBranchCell record={record} />, skeleton: <SkeletonTwoLines /> },
      customer,
      { header: t.colDestination, slot: 'destination', cell: ({ record }) => <DestinationCell record={record} />, skeleton: line() },
      { header: t.colDriver, slot: 'driver', cell: (row) => <DriverCell row={row} t={t} locale={locale} isHydrated={isHydrated} />, skeleton: <SkeletonTwoLines /> },
      {
        header: t.colPrice,
        slot: 'price',
        cell: ({ record }) => (record.pricing ? <bdi data-testid="dispatch-price">{record.pricing.total_price_text}</bdi> : <span className="muted">—</span>),
        skeleton: line(true),
      },
      status,
      created,
      {
        header: t.colActions,
        slot: 'actions',
        cell: ({ record }) => <CancelRowAction record={record} locale={locale} common={table.common} />,
        skeleton: line(true),
        className: styles.rowAction,
      },
    ];
  }
  const { adminT } = table;
  return [
    reference('admin'),
    {
      header: adminT.colAccount,
      cell: ({ account }) => (
        <span className={styles.oneLine} title={account?.name} data-testid="dispatch-account">
          {account?.name}
        </span>
      ),
      skeleton: line(),
    },
    { header: adminT.colOrderBranch, cell: ({ record }) => <OrderBranchCell record={record} />, skeleton: <SkeletonTwoLines /> },
    customer,
    {
      header: adminT.colDriver,
      cell: ({ driver }) => (
        <span className={`${styles.oneLine} ${styles.driverCell}`} title={driver?.id} data-testid="dispatch-driver">
          {driver ? <bdi>{driver.name}</bdi> : <span className="muted">{adminT.noDriver}</span>}
        </span>
      ),
      skeleton: line(true),
    },
    status,
    created,
  ];
}

/** The list's table: `rows` null shows skeleton rows of the final height. */
export function DispatchTable({
  table,
  t,
  attentionText,
  statusLabels,
  locale,
  rows,
  isStale,
}: {
  table: TableAudience;
  t: DispatchListText;
  attentionText: AttentionText;
  statusLabels: StatusLabels;
  locale: Locale;
  rows: DispatchRow[] | null;
  isStale: boolean;
}) {
  const isHydrated = useIsHydrated();
  const now = useNow(30_000);
  const columns = columnsOf(table, { t, attentionText, now, statusLabels, locale, isHydrated });
  const selection = table.audience === 'admin' ? { ...table.selection, adminT: table.adminT } : null;
  const pageIds = rows?.map((row) => row.record.id) ?? [];
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  return (
    <>
      <div className={`table-wrap ${table.audience === 'staff' ? styles.cardsWrap : ''}`}>
        <table
          className={`table ${styles.table} ${table.audience === 'staff' ? styles.cards : ''} ${isStale ? styles.stale : ''}`}
          aria-busy={rows === null || isStale}
        >
          <caption className="sr-only">{t.caption}</caption>
          <thead>
            <tr>
              {selection ? (
                <th scope="col" className={styles.checkCell}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    aria-label={selection.adminT.selectPage}
                    checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                    ref={(input) => {
                      if (input) input.indeterminate = selectedOnPage > 0 && selectedOnPage < pageIds.length;
                    }}
                    onChange={() => selection.togglePage(pageIds)}
                    disabled={!rows?.length}
                    data-testid="select-page"
                  />
                </th>
              ) : null}
              {columns.map((column, index) => (
                <th key={index} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows
              ? rows.map((row) => {
                  const isSelected = selection?.selected.has(row.record.id) ?? false;
                  return (
                    <tr
                      key={row.record.id}
                      className={`${styles.row} ${isSelected ? styles.selected : ''} ${now !== null && attentionOf(row.record, now) ? styles.needsAttention : ''}`}
                      data-testid="dispatch-row"
                      data-id={row.record.id}
                      data-status={currentStatus(row.record.status)}
                    >
                      {selection ? (
                        <td className={styles.checkCell}>
                          <input
                            type="checkbox"
                            className={styles.checkbox}
                            checked={isSelected}
                            onChange={() => selection.toggle(row.record.id)}
                            aria-label={format(selection.adminT.selectRow, { rId: row.record.r_id })}
                          />
                        </td>
                      ) : null}
                      {columns.map((column, index) => (
                        <td key={index} className={column.className} data-slot={column.slot}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })
              : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={index} aria-hidden="true">
                    {selection ? <td className={styles.checkCell} /> : null}
                    {columns.map((column, cell) => (
                      <td key={cell} data-slot={column.slot}>
                        {column.skeleton}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {table.audience === 'staff' ? <p className="field__hint" data-testid="cancel-hint">{t.cancelHint}</p> : null}
    </>
  );
}

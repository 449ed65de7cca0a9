'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CreatedTime, CustomerCell, SkeletonLine, SkeletonTime, SkeletonTwoLines, StatusBadge } from '@/components/dispatch-list/dispatch-cells';
import { ClearFiltersButton, DayRangeFields, StatusFilter } from '@/components/dispatch-list/dispatch-filters';
import listStyles from '@/components/dispatch-list/dispatch-list.module.css';
import type { ListCommonText } from '@/components/dispatch-list/list-page-input';
import { ListEmpty, ListHeader, ListLoadError, ListPager } from '@/components/dispatch-list/list-parts';
import { useDebouncedText } from '@/components/dispatch-list/use-debounced-text';
import { useListNavigation } from '@/components/dispatch-list/use-list-navigation';
import { useLiveListRefresh } from '@/components/dispatch-list/use-live-list-refresh';
import { ADMIN_SURFACE } from '@/components/dispatch-detail/surface';
import { errorText } from '@/components/ui/query-error';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { currentStatus } from '@/lib/dispatches/current-status';
import { LIFECYCLE_STATUSES, MARKER_STATUSES, type LifecycleStatus, type MarkerStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { AdminDispatchText } from '@/lib/i18n/messages/admin-dispatches';
import styles from './admin-dispatches.module.css';
import { DriverPicker } from './driver-picker';
import {
  adminApiQuery,
  adminListHref,
  hasAdminFilters,
  isAdminServerReadable,
  readAdminListParams,
  type AdminFilterName,
  type AdminFilters,
} from './list-params';
import {
  adminDispatchKeys,
  adminListKey,
  fetchAdminPage,
  fetchMatchingIds,
  postBulk,
  type AdminRow,
  type BulkAction,
  type BulkResponse,
} from './queries';

/** The bulk route's limit (lib/dispatches/console-schemas.ts BULK_MAX_IDS). */
const BULK_MAX = 500;

export type StatusLabels = Record<LifecycleStatus | MarkerStatus, string>;

/** Every account's dispatches: filters in the URL, live rows, paging, CSV, selection and bulk actions. */
export function AdminDispatchList({
  t,
  common,
  statusLabels,
  locale,
  accounts,
  fleets,
}: {
  t: AdminDispatchText;
  common: ListCommonText;
  statusLabels: StatusLabels;
  locale: Locale;
  accounts: { id: string; name: string }[];
  fleets: { id: string; name: string }[];
}) {
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const params = readAdminListParams((name) => searchParams.get(name));
  const { filters } = params;
  const key = adminListKey(filters, params.cursor);
  const list = useQuery({
    queryKey: adminDispatchKeys.list(key),
    queryFn: ({ signal }) => fetchAdminPage(key, signal),
    placeholderData: keepPreviousData,
  });
  const isLive = useLiveListRefresh(adminDispatchKeys.lists(), ADMIN_SURFACE.eventsPath);
  const isHydrated = useIsHydrated();
  const { show, setFilter, clearFilters, isNavigating, filterGeneration } = useListNavigation(params, adminListHref);

  // Selection is by id and survives paging and filtering.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isCapped, setIsCapped] = useState(false);
  const rows = list.data?.data ?? null;

  const selectAll = useMutation({
    mutationFn: () => fetchMatchingIds(filters, BULK_MAX),
    onSuccess: ({ ids, isCapped: capped }) => {
      setSelected(new Set(ids));
      setIsCapped(capped);
    },
  });
  const bulk = useMutation({
    mutationFn: (action: BulkAction) => postBulk([...selected], action),
    onSuccess: () => {
      setSelected(new Set());
      setIsCapped(false);
      void queryClient.invalidateQueries({ queryKey: ['dispatches'] });
    },
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const pageIds = rows?.map((row) => row.record.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const togglePage = () =>
    setSelected((current) => {
      const next = new Set(current);
      if (selectedOnPage === pageIds.length) for (const id of pageIds) next.delete(id);
      else for (const id of pageIds) next.add(id);
      return next;
    });

  const isFiltered = hasAdminFilters(filters);
  const exportHref = isAdminServerReadable(filters) || isHydrated ? `/api/admin/dispatches/export?${adminApiQuery(filters)}` : undefined;

  return (
    <>
      <ListHeader t={t} isLive={isLive} exportHref={exportHref} />

      <AdminFilterForm
        key={filterGeneration}
        t={t}
        filters={filters}
        statusLabels={statusLabels}
        accounts={accounts}
        fleets={fleets}
        onChange={setFilter}
        onClear={isFiltered ? clearFilters : null}
      />

      <BulkBar
        t={t}
        statusLabels={statusLabels}
        count={selected.size}
        isCapped={isCapped}
        isSelectingAll={selectAll.isPending}
        selectAllError={selectAll.isError ? errorText(selectAll.error, common) : null}
        onSelectAll={() => selectAll.mutate()}
        onClear={() => {
          setSelected(new Set());
          setIsCapped(false);
        }}
        isApplying={bulk.isPending}
        onApply={(action) => bulk.mutate(action)}
      />
      {bulk.isError ? (
        <div role="alert" className={`alert alert--error ${listStyles.error}`}>
          {format(t.bulkFailed, { detail: errorText(bulk.error, common) })}
        </div>
      ) : null}
      {bulk.data ? <BulkReport t={t} result={bulk.data} onDismiss={() => bulk.reset()} /> : null}

      {list.isError && <ListLoadError t={t} common={common} error={list.error} onRetry={() => void list.refetch()} onClear={null} />}

      {rows?.length === 0 ? (
        <ListEmpty t={t} isLaterPage={Boolean(params.cursor)} isFiltered={isFiltered} onFirstPage={() => show({ filters, prev: [] }, 'push')} onClear={clearFilters} />
      ) : (
        !(list.isError && !rows) && (
          <div className="table-wrap">
            <table className={`table ${listStyles.table} ${list.isPlaceholderData || isNavigating ? listStyles.stale : ''}`} aria-busy={rows === null || isNavigating}>
              <caption className="sr-only">{t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.checkCell}>
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      aria-label={t.selectPage}
                      checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                      ref={(input) => {
                        if (input) input.indeterminate = selectedOnPage > 0 && selectedOnPage < pageIds.length;
                      }}
                      onChange={togglePage}
                      disabled={!rows?.length}
                      data-testid="select-page"
                    />
                  </th>
                  <th scope="col">{t.colReference}</th>
                  <th scope="col">{t.colAccount}</th>
                  <th scope="col">{t.colOrderBranch}</th>
                  <th scope="col">{t.colCustomer}</th>
                  <th scope="col">{t.colDriver}</th>
                  <th scope="col">{t.colStatus}</th>
                  <th scope="col">{t.colCreated}</th>
                </tr>
              </thead>
              <tbody>
                {rows
                  ? rows.map((row) => (
                      <Row key={row.record.id} row={row} t={t} statusLabels={statusLabels} locale={locale} isHydrated={isHydrated} isSelected={selected.has(row.record.id)} onToggle={() => toggle(row.record.id)} />
                    ))
                  : Array.from({ length: 10 }, (_, index) => <SkeletonRow key={index} />)}
              </tbody>
            </table>
          </div>
        )
      )}

      <ListPager
        t={t}
        common={common}
        params={params}
        nextCursor={list.data?.next_cursor ?? null}
        isBusy={isNavigating}
        isStale={list.isPlaceholderData}
        onShow={(page) => show(page, 'push')}
      />
    </>
  );
}

function Row({
  row,
  t,
  statusLabels,
  locale,
  isHydrated,
  isSelected,
  onToggle,
}: {
  row: AdminRow;
  t: AdminDispatchText;
  statusLabels: StatusLabels;
  locale: Locale;
  isHydrated: boolean;
  isSelected: boolean;
  onToggle: () => void;
}) {
  const { record, account, driver } = row;
  const status = currentStatus(record.status);
  return (
    <tr className={`${styles.row} ${isSelected ? styles.selected : ''}`} data-testid="dispatch-row" data-id={record.id} data-status={status}>
      <td className={styles.checkCell}>
        <input type="checkbox" className={styles.checkbox} checked={isSelected} onChange={onToggle} aria-label={format(t.selectRow, { rId: record.r_id })} />
      </td>
      <td>
        <Link href={`/admin/dispatches/${record.id}`} prefetch={false} className={`mono ${listStyles.rowLink}`}>
          {record.r_id}
        </Link>
      </td>
      <td>
        <span className={listStyles.oneLine} title={account.name} data-testid="dispatch-account">
          {account.name}
        </span>
      </td>
      <td>
        <span className={`${listStyles.oneLine} mono`}>{record.vendor_oid}</span>
        <span className={`${listStyles.oneLine} muted`}>{record.vendor_bid}</span>
      </td>
      <td>
        <CustomerCell record={record} noName={t.noName} />
      </td>
      <td>
        <span className={`${listStyles.oneLine} ${styles.driverCell}`} title={driver?.id} data-testid="dispatch-driver">
          {driver ? <bdi>{driver.name}</bdi> : <span className="muted">{t.noDriver}</span>}
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
      <td className={styles.checkCell} />
      <td>{line(true)}</td>
      <td>{line()}</td>
      <td>
        <SkeletonTwoLines />
      </td>
      <td>
        <SkeletonTwoLines />
      </td>
      <td>{line(true)}</td>
      <td>{line(true)}</td>
      <td>
        <SkeletonTime />
      </td>
    </tr>
  );
}

/**
 * Search, account, status, branch, driver (found by name, id or phone), fleet and days; text
 * commits 300 ms after typing.
 */
function AdminFilterForm({
  t,
  filters,
  statusLabels,
  accounts,
  fleets,
  onChange,
  onClear,
}: {
  t: AdminDispatchText;
  filters: AdminFilters;
  statusLabels: StatusLabels;
  accounts: { id: string; name: string }[];
  fleets: { id: string; name: string }[];
  onChange: (name: AdminFilterName, value: string) => void;
  onClear: (() => void) | null;
}) {
  const search = useDebouncedText(filters.q ?? '', (value) => onChange('q', value));
  const branch = useDebouncedText(filters.vendor_bid ?? '', (value) => onChange('vendor_bid', value));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    for (const text of [search, branch]) text.flush();
  };
  const textField = (id: string, label: string, hint: string, field: typeof search) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder={hint}
        value={field.text}
        onChange={(event) => field.setText(event.target.value)}
      />
    </div>
  );
  return (
    <form role="search" aria-label={t.filters} className={styles.filters} onSubmit={onSubmit}>
      <div className={`field ${styles.searchField}`}>
        <label htmlFor="admin-search">{t.search}</label>
        <input
          id="admin-search"
          type="search"
          className="input"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder={t.searchHint}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
        />
      </div>
      <NamedChoiceFilter
        id="admin-account"
        label={t.account}
        allLabel={t.allAccounts}
        value={filters.account_id}
        choices={accounts}
        onChange={(value) => onChange('account_id', value)}
      />
      <StatusFilter id="admin-status" t={t} value={filters.status} statusLabels={statusLabels} onChange={(value) => onChange('status', value)} />
      {/* Branch before the driver: the driver's search and choice then share a row of the grid. */}
      {textField('admin-branch', t.branch, t.branchHint, branch)}
      <DriverPicker idPrefix="admin-filter" value={filters.driver_id ?? ''} onChange={(value) => onChange('driver_id', value)} t={t} allLabel={t.allDrivers} />
      <NamedChoiceFilter
        id="admin-fleet"
        label={t.fleet}
        allLabel={t.allFleets}
        value={filters.fleet_id}
        choices={fleets}
        onChange={(value) => onChange('fleet_id', value)}
      />
      <DayRangeFields idPrefix="admin" t={t} filters={filters} onChange={onChange} />
      <ClearFiltersButton t={t} onClear={onClear} />
    </form>
  );
}

/** A filter choosing one of a list by name (accounts, fleets); an id in the URL that is not listed still shows as chosen. */
function NamedChoiceFilter({
  id,
  label,
  allLabel,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  choices: { id: string; name: string }[];
  onChange: (value: string) => void;
}) {
  const isListed = !value || choices.some((choice) => choice.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {isListed ? null : <option value={value}>{value}</option>}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What to do with the selection: select every match, assign a driver, or record a status. */
function BulkBar({
  t,
  statusLabels,
  count,
  isCapped,
  isSelectingAll,
  selectAllError,
  onSelectAll,
  onClear,
  isApplying,
  onApply,
}: {
  t: AdminDispatchText;
  statusLabels: StatusLabels;
  count: number;
  isCapped: boolean;
  isSelectingAll: boolean;
  selectAllError: string | null;
  onSelectAll: () => void;
  onClear: () => void;
  isApplying: boolean;
  onApply: (action: BulkAction) => void;
}) {
  const [driverId, setDriverId] = useState('');
  const [status, setStatus] = useState('');
  const isDisabled = count === 0 || isApplying;
  // `assigned` needs a driver: it is the assign action, not a status to pick.
  const statuses = [...LIFECYCLE_STATUSES.filter((value) => value !== 'assigned'), ...MARKER_STATUSES];
  return (
    <section className={`card ${styles.bulk}`} aria-labelledby="bulk-title" data-testid="bulk-bar">
      <div className={styles.bulkHead}>
        <h2 id="bulk-title" className={styles.bulkTitle}>
          {t.bulkTitle}
        </h2>
        <p className={styles.bulkCount} aria-live="polite" data-testid="selected-count" data-count={count}>
          {count ? format(t.selectedCount, { count }) : t.noneSelected}
        </p>
        <div className="row">
          <button type="button" className="btn btn--small" onClick={onSelectAll} disabled={isSelectingAll || isApplying} data-testid="select-all-matching">
            {isSelectingAll ? t.selectingAll : format(t.selectAllMatching, { max: BULK_MAX })}
          </button>
          {count ? (
            <button type="button" className="btn btn--small btn--ghost" onClick={onClear} disabled={isApplying}>
              {t.clearSelection}
            </button>
          ) : null}
        </div>
      </div>
      {isCapped ? <p className="alert alert--warning">{format(t.selectionCapped, { max: BULK_MAX })}</p> : null}
      {selectAllError ? (
        <p className="alert alert--error" role="alert">
          {selectAllError}
        </p>
      ) : null}
      <div className={styles.bulkActions}>
        <form
          className={styles.bulkAction}
          aria-label={t.bulkAssign}
          onSubmit={(event) => {
            event.preventDefault();
            if (driverId) onApply({ type: 'assign', driver_id: driverId });
          }}
        >
          <h3 className={styles.bulkActionTitle}>{t.bulkAssign}</h3>
          <DriverPicker idPrefix="bulk" value={driverId} onChange={setDriverId} t={t} />
          <button type="submit" className="btn btn--primary" disabled={isDisabled || !driverId} data-testid="bulk-assign">
            {isApplying ? t.applying : format(t.bulkAssignButton, { count })}
          </button>
        </form>
        <form
          className={styles.bulkAction}
          aria-label={t.bulkStatus}
          onSubmit={(event) => {
            event.preventDefault();
            if (status) onApply({ type: 'status', status });
          }}
        >
          <h3 className={styles.bulkActionTitle}>{t.bulkStatus}</h3>
          <div className="field">
            <label htmlFor="bulk-status">{t.status}</label>
            <select id="bulk-status" className="select" value={status} onChange={(event) => setStatus(event.target.value)} data-testid="bulk-status-select">
              <option value="">{t.chooseStatus}</option>
              {statuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabels[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn--primary" disabled={isDisabled || !status} data-testid="bulk-status">
            {isApplying ? t.applying : format(t.bulkStatusButton, { count })}
          </button>
        </form>
      </div>
    </section>
  );
}

/** The per-row outcome: how many applied, and each refused row with the reason. */
function BulkReport({ t, result, onDismiss }: { t: AdminDispatchText; result: BulkResponse; onDismiss: () => void }) {
  const refused = result.data.filter((row) => !row.ok);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [result]);
  return (
    <section className={`card ${styles.report} ${refused.length ? styles.reportWarning : styles.reportSuccess}`} aria-labelledby="bulk-result-title" data-testid="bulk-report">
      <div className={styles.reportHead}>
        <h2 id="bulk-result-title" ref={headingRef} tabIndex={-1} className={styles.bulkTitle}>
          {t.resultTitle}
        </h2>
        <button type="button" className="btn btn--small btn--ghost" onClick={onDismiss}>
          {t.dismiss}
        </button>
      </div>
      <p role="status" data-testid="bulk-summary" data-applied={result.applied} data-refused={result.refused}>
        <strong>{format(t.resultSummary, { applied: result.applied, refused: result.refused })}</strong>
      </p>
      {refused.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption className={styles.caption}>{t.refusedCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colReference}</th>
                <th scope="col">{t.colReason}</th>
              </tr>
            </thead>
            <tbody>
              {refused.map((row) =>
                row.ok ? null : (
                  <tr key={row.id} data-testid="refused-row" data-id={row.id} data-error={row.error}>
                    <td className="mono">
                      {row.r_id ? (
                        <Link href={`/admin/dispatches/${row.id}`} prefetch={false}>
                          {row.r_id}
                        </Link>
                      ) : (
                        row.id
                      )}
                    </td>
                    <td>
                      <RefusalReason t={t} error={row.error} description={row.error_desc} />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** The reason in the page's language, with the server's exact words for the details. */
export function RefusalReason({ t, error, description }: { t: AdminDispatchText; error: string; description: string }) {
  const reason = error === 'invalid_transition' ? t.reasonInvalidTransition : error === 'not_found' ? t.reasonNotFound : null;
  return (
    <>
      {reason ? <span className={styles.reason}>{reason}</span> : null}
      <span className={`${reason ? 'field__hint' : ''} ${styles.reasonDetail}`} dir="ltr">
        {description}
      </span>
    </>
  );
}

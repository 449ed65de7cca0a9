'use client';

import type { FormEvent } from 'react';
import { useDebouncedText } from '@/components/dispatch-list/use-debounced-text';
import styles from '@/components/dispatch-list/dispatch-list.module.css';
import type { FilterName, ListFilters } from '@/components/dispatch-list/list-params';
import { LIFECYCLE_STATUSES, type LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { DispatchListText } from '@/lib/i18n/messages/dispatch-list';

export interface BranchOption {
  vendor_bid: string;
  name: string;
}

/**
 * Search, status, branch and creation days. Text fields commit 300 ms after the last keystroke
 * (or on Enter); selects and dates at once. `onChange` writes the URL.
 */
export function DispatchFilters({
  t,
  filters,
  statusLabels,
  branches,
  onChange,
  onClear,
}: {
  t: DispatchListText;
  filters: ListFilters;
  statusLabels: Record<LifecycleStatus, string>;
  branches: BranchOption[];
  onChange: (name: FilterName, value: string) => void;
  onClear: (() => void) | null;
}) {
  const search = useDebouncedText(filters.q ?? '', (value) => onChange('q', value));
  const branch = useDebouncedText(filters.vendor_bid ?? '', (value) => onChange('vendor_bid', value));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search.flush();
    branch.flush();
  };
  return (
    <form role="search" aria-label={t.filters} className={styles.filters} onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="dispatch-search">{t.search}</label>
        <input
          id="dispatch-search"
          type="search"
          className="input"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-describedby="dispatch-search-hint"
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
        />
        <p id="dispatch-search-hint" className="field__hint">
          {t.searchHint}
        </p>
      </div>
      <StatusFilter id="dispatch-status" t={t} value={filters.status} statusLabels={statusLabels} onChange={(value) => onChange('status', value)} />
      <div className="field">
        <label htmlFor="dispatch-branch">{t.branch}</label>
        <input
          id="dispatch-branch"
          className="input"
          list="dispatch-branch-options"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-describedby="dispatch-branch-hint"
          value={branch.text}
          onChange={(event) => branch.setText(event.target.value)}
        />
        <datalist id="dispatch-branch-options">
          {branches.map((option) => (
            <option key={option.vendor_bid} value={option.vendor_bid}>
              {option.name}
            </option>
          ))}
        </datalist>
        <p id="dispatch-branch-hint" className="field__hint">
          {t.branchHint}
        </p>
      </div>
      <DayRangeFields idPrefix="dispatch" t={t} filters={filters} onChange={onChange} />
      <ClearFiltersButton t={t} onClear={onClear} />
    </form>
  );
}

/** The status select: every lifecycle status, or all. */
export function StatusFilter({
  id,
  t,
  value,
  statusLabels,
  onChange,
}: {
  id: string;
  t: Pick<DispatchListText, 'status' | 'allStatuses'>;
  value: string | undefined;
  statusLabels: Record<LifecycleStatus, string>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{t.status}</label>
      <select id={id} className="select" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.allStatuses}</option>
        {LIFECYCLE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The first and last creation day; each bounds the other. */
export function DayRangeFields({
  idPrefix,
  t,
  filters,
  onChange,
}: {
  idPrefix: string;
  t: Pick<DispatchListText, 'createdFrom' | 'createdTo'>;
  filters: { created_from?: string; created_to?: string };
  onChange: (name: 'created_from' | 'created_to', value: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-created-from`}>{t.createdFrom}</label>
        <input
          id={`${idPrefix}-created-from`}
          type="date"
          className="input"
          value={filters.created_from ?? ''}
          max={filters.created_to}
          onChange={(event) => onChange('created_from', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-created-to`}>{t.createdTo}</label>
        <input
          id={`${idPrefix}-created-to`}
          type="date"
          className="input"
          value={filters.created_to ?? ''}
          min={filters.created_from}
          onChange={(event) => onChange('created_to', event.target.value)}
        />
      </div>
    </>
  );
}

/** Always in the layout (hidden when there is nothing to clear), so the grid never reflows. */
export function ClearFiltersButton({ t, onClear }: { t: Pick<DispatchListText, 'clearFilters'>; onClear: (() => void) | null }) {
  return (
    <button
      type="button"
      className={`btn btn--ghost ${styles.clear}`}
      onClick={onClear ?? undefined}
      style={onClear ? undefined : { visibility: 'hidden' }}
      data-testid="filters-clear"
    >
      {t.clearFilters}
    </button>
  );
}

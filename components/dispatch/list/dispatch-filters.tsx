'use client';

import dynamic from 'next/dynamic';
import { useState, type FormEvent } from 'react';
import type { StatusLabels } from '@/components/dispatch/detail/status-labels';
import { useDebouncedText } from '@/components/dispatch/list/use-debounced-text';
import styles from '@/components/dispatch/list/dispatch-list.module.css';
import type { FilterName, ListFilters } from '@/components/dispatch/list/list-params';
import { LIFECYCLE_STATUSES } from '@/lib/dispatch/shared/transitions/table';
import { SelectField } from '@/components/platform/ui/field';
import { formatDay } from '@/components/platform/i18n/format-time';
import { format } from '@/components/platform/i18n/messages';
import type { Locale } from '@/components/platform/i18n/locale';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import type { DispatchListText } from '@/components/platform/i18n/messages/dispatch-list';

// The console's driver filter loads only where it is shown: the staff list's first-load script goes without it.
const DriverPicker = dynamic(() => import('@/components/dispatch/admin/driver-picker').then((module) => module.DriverPicker));

export interface BranchOption {
  vendor_bid: string;
  name: string;
}

/** An account or a fleet offered in its filter. */
export interface NamedChoice {
  id: string;
  name: string;
}

/** The audience's filters beyond the shared ones: staff pick among their branches; admins also filter by account, driver and fleet. */
export type FilterAudience =
  | { audience: 'staff'; branches: BranchOption[] }
  | { audience: 'admin'; adminT: AdminDispatchText; accounts: NamedChoice[]; fleets: NamedChoice[] };

/**
 * Search, (account,) status, branch, (driver, fleet,) creation days. Text fields commit 300 ms
 * after the last keystroke (or on Enter); selects and dates at once. `onChange` writes the URL.
 */
export function DispatchFilters({
  filterAudience,
  t,
  filters,
  statusLabels,
  locale,
  onChange,
  onClear,
}: {
  filterAudience: FilterAudience;
  t: DispatchListText;
  locale: Locale;
  filters: ListFilters;
  statusLabels: StatusLabels;
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
  const admin = filterAudience.audience === 'admin' ? filterAudience : null;
  // The ids predate the one list; the console's end-to-end tests name them.
  const idPrefix = admin ? 'admin' : 'dispatch';
  const branchOptions = filterAudience.audience === 'staff' ? filterAudience.branches : null;
  // On a phone the filters past the search fold behind a toggle (desktop shows them all: see the CSS).
  // Its count is of the filters in the URL it hides, so a link with filters shows them as set.
  const [isOpen, setIsOpen] = useState(false);
  const activeCount = Object.entries(filters).filter(([name, value]) => name !== 'q' && value).length;
  const moreId = `${idPrefix}-more-filters`;
  return (
    <form
      role="search"
      aria-label={t.filters}
      className={`${styles.filters} ${admin ? styles.filtersAdmin : ''}`}
      data-open={isOpen || undefined}
      onSubmit={onSubmit}
    >
      <TextFilter id={`${idPrefix}-search`} type="search" label={t.search} hint={t.searchHint} field={search} />
      <button
        type="button"
        className={`btn ${styles.filtersToggle}`}
        aria-expanded={isOpen}
        aria-controls={moreId}
        aria-label={activeCount > 0 ? format(t.filtersActive, { n: activeCount }) : undefined}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="filters-toggle"
      >
        {t.filtersToggle}
        {activeCount > 0 ? (
          <span className={styles.filtersCount} data-testid="filters-count">
            {activeCount}
          </span>
        ) : null}
      </button>
      <div id={moreId} className={styles.moreFilters} data-testid="more-filters">
        {admin ? (
          <NamedChoiceFilter
            id="admin-account"
            label={admin.adminT.account}
            allLabel={admin.adminT.allAccounts}
            value={filters.account_id}
            choices={admin.accounts}
            onChange={(value) => onChange('account_id', value)}
          />
        ) : null}
        <SelectField<string>
          id={`${idPrefix}-status`}
          label={t.status}
          value={filters.status ?? ''}
          onChange={(value) => onChange('status', value)}
          options={LIFECYCLE_STATUSES.map((status) => [status, statusLabels[status]] as const)}
          anyLabel={t.allStatuses}
        />
        {/* Branch before the driver: on the console the driver's search and choice then share a row of the grid. */}
        <TextFilter id={`${idPrefix}-branch`} label={t.branch} hint={t.branchHint} field={branch} suggestions={branchOptions?.map((option) => ({ value: option.vendor_bid, label: option.name }))} />
        {admin ? (
          <>
            <DriverPicker
              idPrefix="admin-filter"
              value={filters.driver_id ?? ''}
              onChange={(value) => onChange('driver_id', value)}
              t={admin.adminT}
              allLabel={admin.adminT.allDrivers}
              layout="cells"
            />
            <NamedChoiceFilter
              id="admin-fleet"
              label={admin.adminT.fleet}
              allLabel={admin.adminT.allFleets}
              value={filters.fleet_id}
              choices={admin.fleets}
              onChange={(value) => onChange('fleet_id', value)}
            />
          </>
        ) : null}
        <DayField
          id={`${idPrefix}-created-from`}
          label={t.createdFrom}
          anyDay={t.anyDay}
          locale={locale}
          value={filters.created_from}
          max={filters.created_to}
          onChange={(value) => onChange('created_from', value)}
        />
        <DayField
          id={`${idPrefix}-created-to`}
          label={t.createdTo}
          anyDay={t.anyDay}
          locale={locale}
          value={filters.created_to}
          min={filters.created_from}
          onChange={(value) => onChange('created_to', value)}
        />
        {/* Always in the layout (hidden when there is nothing to clear), so the grid never reflows. */}
        <button
          type="button"
          className={`btn btn--ghost ${styles.clear}`}
          onClick={onClear ?? undefined}
          style={onClear ? undefined : { visibility: 'hidden' }}
          data-testid="filters-clear"
        >
          {t.clearFilters}
        </button>
      </div>
    </form>
  );
}

/** A text filter (useDebouncedText's `field`) with its hint, and optional suggestions as a datalist. */
function TextFilter({
  id,
  type,
  label,
  hint,
  field,
  suggestions,
}: {
  id: string;
  type?: 'search';
  label: string;
  hint: string;
  field: { text: string; setText: (text: string) => void };
  suggestions?: { value: string; label: string }[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        className="input"
        list={suggestions ? `${id}-options` : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        aria-describedby={`${id}-hint`}
        value={field.text}
        onChange={(event) => field.setText(event.target.value)}
      />
      {suggestions ? (
        <datalist id={`${id}-options`}>
          {suggestions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </datalist>
      ) : null}
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

/**
 * A creation day; the first and the last each bound the other. The native picker draws its digits
 * and month names in the browser's language whatever the page's (`lang` is a hint some browsers
 * follow): the hint below says the chosen day in the page's language.
 */
function DayField({
  id,
  label,
  anyDay,
  locale,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  anyDay: string;
  locale: Locale;
  value?: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        lang={locale}
        className="input"
        aria-describedby={`${id}-hint`}
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="field__hint" data-testid={`${id}-day`}>
        {value ? formatDay(value, locale) : anyDay}
      </p>
    </div>
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
  choices: NamedChoice[];
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

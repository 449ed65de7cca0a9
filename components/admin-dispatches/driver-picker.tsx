'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedText } from '@/components/dispatch-list/use-debounced-text';
import type { AdminDispatchText } from '@/lib/i18n/messages/admin-dispatches';
import styles from './admin-dispatches.module.css';
import { driverSearchQuery } from './queries';

/**
 * A search box over active drivers (name, id or phone) and the matching drivers to choose from.
 * `idPrefix` keeps the ids unique when a page has two pickers. As a filter (`allLabel`), the
 * empty choice means every driver, inactive drivers are offered too, and a chosen driver stays
 * shown while the search matches others.
 */
export function DriverPicker({
  idPrefix,
  value,
  onChange,
  t,
  excludeId,
  allLabel,
}: {
  idPrefix: string;
  value: string;
  onChange: (driverId: string) => void;
  t: AdminDispatchText;
  /** The driver already assigned (not offered again). */
  excludeId?: string | null;
  /** A filter: the label of the empty choice (every driver). */
  allLabel?: string;
}) {
  const isFilter = allLabel !== undefined;
  const [query, setQuery] = useState('');
  const search = useDebouncedText(query, setQuery, 250);
  const drivers = useQuery({ ...driverSearchQuery(query, !isFilter), placeholderData: keepPreviousData });
  const options = (drivers.data ?? []).filter((driver) => driver.id !== excludeId);
  const isChosenListed = options.some((driver) => driver.id === value);
  const emptyLabel = allLabel ?? (options.length || drivers.isPending ? t.chooseDriver : t.noDrivers);
  return (
    <div className={styles.picker}>
      <div className="field">
        <label htmlFor={`${idPrefix}-driver-search`}>{t.driverSearch}</label>
        <input
          id={`${idPrefix}-driver-search`}
          type="search"
          className="input"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder={t.driverSearchHint}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-driver`}>{t.driverSelect}</label>
        <select
          id={`${idPrefix}-driver`}
          className="select"
          value={isChosenListed || isFilter ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          aria-busy={drivers.isFetching}
          data-testid={`${idPrefix}-driver-select`}
        >
          <option value="">{emptyLabel}</option>
          {isFilter && value && !isChosenListed ? <option value={value}>{value}</option> : null}
          {options.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name}
              {driver.fleet ? ` · ${driver.fleet.name}` : ''}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

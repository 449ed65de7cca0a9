'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import styles from './admin-dispatches.module.css';
import { format } from '@/components/platform/i18n/messages';
import { driverCandidatesQuery, driverSearchQuery } from './queries';

/** Typing settles for this long before drivers are searched. */
const SEARCH_DEBOUNCE_MS = 250;

const LAYOUTS = {
  /** Search and choice side by side, wrapping (the bulk bar). */
  row: styles.picker,
  /** Search and choice one above the other, full width (the dispatch page's narrow side card). */
  stacked: `${styles.picker} ${styles.pickerStacked}`,
  /** Search and choice as two cells of the surrounding grid (the list's filters). */
  cells: styles.pickerCells,
};

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
  layout = 'row',
  dispatchId,
}: {
  idPrefix: string;
  value: string;
  onChange: (driverId: string) => void;
  t: Pick<
    AdminDispatchText,
    'driverSearch' | 'driverSearchHint' | 'driverSelect' | 'chooseDriver' | 'noDrivers' | 'candidateOnDuty' | 'candidateOffDuty' | 'candidateKm' | 'candidateLoad'
  >;
  /** Assigning one dispatch: only the drivers who may carry it, with duty, distance to its pickup and load. */
  dispatchId?: string;
  /** The driver already assigned (not offered again). */
  excludeId?: string | null;
  /** A filter: the label of the empty choice (every driver). */
  allLabel?: string;
  layout?: keyof typeof LAYOUTS;
}) {
  const isFilter = allLabel !== undefined;
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searched = useQuery({ ...driverSearchQuery(query, !isFilter), placeholderData: keepPreviousData, enabled: dispatchId === undefined });
  const candidates = useQuery({ ...driverCandidatesQuery(dispatchId ?? '', query), placeholderData: keepPreviousData, enabled: dispatchId !== undefined });
  const drivers = dispatchId === undefined ? searched : candidates;
  const options = (drivers.data ?? []).filter((driver) => driver.id !== excludeId);
  const detailOf = (driver: (typeof options)[number]) =>
    'load' in driver
      ? [
          driver.on_duty ? t.candidateOnDuty : t.candidateOffDuty,
          driver.distance_km === null ? null : format(t.candidateKm, { km: driver.distance_km }),
          driver.load > 0 ? format(t.candidateLoad, { count: driver.load }) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : null;
  const isChosenListed = options.some((driver) => driver.id === value);
  const emptyLabel = allLabel ?? (options.length || drivers.isPending ? t.chooseDriver : t.noDrivers);
  return (
    <div className={LAYOUTS[layout]}>
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
          value={text}
          onChange={(event) => setText(event.target.value)}
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
            <option key={driver.id} value={driver.id} data-on-duty={'on_duty' in driver ? String(driver.on_duty) : undefined}>
              {driver.name}
              {driver.fleet ? ` · ${driver.fleet.name}` : ''}
              {detailOf(driver) ? ` — ${detailOf(driver)}` : ''}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

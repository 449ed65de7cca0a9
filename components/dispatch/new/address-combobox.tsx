'use client';

import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { addressSearchQuery, type GeocodeResult, type GeoPoint } from '@/components/dispatch/geocoding/queries';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { NewDispatchText } from '@/components/platform/i18n/messages/new-dispatch';
import type { FieldAria } from '@/components/platform/ui/field';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';
import { MIN_QUERY_LENGTH } from '@/lib/dispatch/shared/geocoding/schemas';
import styles from './address-combobox.module.css';

/** Typing settles for this long before the search is asked: a word, not every letter. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;

interface AddressComboboxProps {
  aria: FieldAria;
  /** The form's address line field: the input stays the form's, the search only suggests. */
  registration: UseFormRegisterReturn;
  /** The bias of the search: the branch (pickup pin), else the other pin. */
  near: GeoPoint | null;
  locale: Locale;
  t: NewDispatchText;
  testId: string;
  /** The staff member typed in the field (its new text): the text is theirs now, a moved pin must not replace it. */
  onTyped: (text: string) => void;
  onPick: (result: GeocodeResult) => void;
}

/** The next option in a list of `count` for an arrow key, wrapping around; -1 is none. */
export function nextActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

/**
 * An address field that searches as the staff member types: the ARIA 1.2 combobox pattern
 * (a text input with a listbox popup; focus stays in the input, the active option is
 * `aria-activedescendant`). Arrows move, Enter picks, Escape closes; a click picks too.
 * Results come from the account's address book first (labelled), then the geocoding service.
 */
export function AddressCombobox({ aria, registration, near, locale, t, testId, onTyped, onPick }: AddressComboboxProps) {
  // The text typed, not the field's value: a value set by a pick or a pin is not a search.
  const [typed, setTyped] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const query = typed.trim();
  const debounced = useDebouncedValue(query, ADDRESS_SEARCH_DEBOUNCE_MS);
  const isSearchable = debounced.length >= MIN_QUERY_LENGTH;
  const search = useQuery({ ...addressSearchQuery(debounced, near, locale), enabled: isOpen && isSearchable });
  const results = search.data?.data ?? [];
  // While typing settles, the last results stay on show only if the text still begins with what
  // they were found for ("king" → "king f"): results of other text could be picked by mistake.
  const isSettling = query !== debounced;
  const isRefining = query.toLowerCase().startsWith(debounced.toLowerCase());
  const isExpanded = isOpen && isSearchable && query.length >= MIN_QUERY_LENGTH && (!isSettling || (isRefining && results.length > 0));

  const listboxId = `${aria.id}-listbox`;
  const optionId = (index: number) => `${aria.id}-option-${index}`;
  const activeResult = isExpanded && activeIndex >= 0 ? results[activeIndex] : undefined;

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };
  const pick = (result: GeocodeResult) => {
    close();
    setTyped('');
    onPick(result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      else setActiveIndex((current) => nextActiveIndex(current, results.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && activeResult) {
      event.preventDefault(); // picks the address instead of submitting the form
      pick(activeResult);
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault(); // closes the list, not a dialog around it
      close();
    }
  };

  let status: string | null = null;
  if (search.isError) status = t.addressSearchFailed;
  else if (search.isPending || (search.isFetching && results.length === 0)) status = t.addressSearching;
  else if (results.length === 0) status = t.addressNoResults;
  const serviceNote = search.data?.service === 'unavailable' ? t.addressServiceDown : null;

  return (
    <div className={styles.combobox}>
      <input
        className="input"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listboxId}
        aria-activedescendant={activeResult ? optionId(activeIndex) : undefined}
        data-testid={testId}
        {...aria}
        {...registration}
        onChange={(event) => {
          void registration.onChange(event);
          setTyped(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
          onTyped(event.target.value);
        }}
        onBlur={(event) => {
          close();
          void registration.onBlur(event);
        }}
        onKeyDown={onKeyDown}
      />
      {/* Always in the DOM (aria-controls must name it); shown while expanded. */}
      <div className={styles.popup} hidden={!isExpanded}>
        <ul id={listboxId} role="listbox" aria-label={t.addressSearchHint} className={styles.listbox}>
          {isExpanded
            ? results.map((result, index) => (
                <li
                  key={`${result.source}:${result.label}:${result.lat}:${result.lng}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={`${styles.option} ${index === activeIndex ? styles.optionActive : ''}`}
                  data-testid="address-option"
                  // Keeps focus in the input (its blur would close the list before the click).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(result)}
                >
                  <span className={styles.optionLabel}>{result.label}</span>
                  <span className={`badge ${result.source === 'address_book' ? 'badge--success' : ''}`}>
                    {result.source === 'address_book' ? t.addressFromBook : t.addressFromService}
                  </span>
                </li>
              ))
            : null}
        </ul>
        {status || serviceNote ? (
          <p className={`field__hint ${styles.popupNote}`} data-testid="address-search-status">
            {status ?? serviceNote}
          </p>
        ) : null}
      </div>
      {/* What a screen reader hears when the results change (the list itself is not a live region). */}
      <p className="sr-only" aria-live="polite">
        {isExpanded && results.length > 0 ? format(t.addressResults, { count: results.length }) : isExpanded && status ? status : ''}
      </p>
    </div>
  );
}

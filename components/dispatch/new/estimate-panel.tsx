'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import type { MapPoint } from '@/components/platform/map/lazy-dispatch-map';
import { estimateQuery, type EstimateInput } from '@/components/pricing/estimates/queries';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';
import { ClientTime } from '@/components/dispatch/detail/client-time';
import type { Locale } from '@/components/platform/i18n/locale';
import type { VendorControlText } from '@/components/platform/i18n/messages/vendor-control';
import { interpolate } from '@/components/dispatch/detail/interpolate';
import { EstimateBodySchema, type Estimate, type QuotedEstimate } from '@/lib/dispatch/shared/estimate-schemas';
import { formatMoney, toMinor } from '@/lib/pricing/shared/tariff';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { NewDispatchText } from '@/components/platform/i18n/messages/new-dispatch';
import styles from './estimate-panel.module.css';

/** Typing or dragging settles for this long before an estimate is asked for. */
const ESTIMATE_DEBOUNCE_MS = 400;
/** ~1 m: moves smaller than this reuse the cached estimate. */
const COORDINATE_DECIMALS = 5;
/** The (disabled) query's input while a pin is missing. */
const NO_ROUTE: EstimateInput = { pickup: { lat: 0, lng: 0 }, destination: { lat: 0, lng: 0 } };

interface EstimatePanelProps {
  t: NewDispatchText;
  common: Pick<CommonText, 'retry' | 'errorOffline'>;
  /** The tariff currency the estimate is priced in (for the VAT-inclusive total). */
  currency: string;
  pickup: MapPoint | null;
  destination: MapPoint | null;
  pickupWaitTime: unknown;
  /** The schedule's pickup_ready_at (ISO 8601), rounded to the minute; undefined for "now". */
  pickupReadyAt?: string;
  /** Told the estimate on show once it is settled for the current pins (null while it is not): its quote can be charged. */
  onQuote?: (quote: ShownQuote | null) => void;
  /** Told the total as shown (null while there is none) and whether it is being updated: the form's create bar shows it. */
  onSummary?: (summary: EstimateSummary) => void;
  locale: Locale;
  vc: VendorControlText;
}

/** The estimate on show and the route it is for (rounded as the query key rounds it). */
export interface ShownQuote {
  estimate: QuotedEstimate;
  input: EstimateInput;
}

/** What the create bar shows of the estimate on show: its VAT-inclusive total, and whether it is being updated. */
export interface EstimateSummary {
  total: string | null;
  isUpdating: boolean;
}

/** The estimate query's rounding of a point (~1 m): the create compares its pins with the quote's the same way. */
export function roundCoordinate(value: number): number {
  return Number(value.toFixed(COORDINATE_DECIMALS));
}

/**
 * Times and prices of the route being drawn, refreshed as the markers move. The panel keeps its
 * size in every state (empty, loading, updating, error), so nothing below it jumps.
 */
export function EstimatePanel({ t, common, currency, pickup, destination, pickupWaitTime, pickupReadyAt, onQuote, onSummary, locale, vc }: EstimatePanelProps) {
  const input = estimateInputOf(pickup, destination, pickupWaitTime, pickupReadyAt);
  const debounced = useDebouncedValue(input, ESTIMATE_DEBOUNCE_MS);
  // The estimate query of the dispatch page (one key factory per resource): the query function
  // passes TanStack's abort signal, so an estimate superseded while in flight is cancelled.
  const query = useQuery({
    ...estimateQuery(debounced ?? NO_ROUTE),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
  });

  const hasInput = input !== null;
  const isSettling = JSON.stringify(input) !== JSON.stringify(debounced);
  const isUpdating = hasInput && (isSettling || query.isFetching);
  const estimate = hasInput && !query.isError ? query.data : undefined;
  const isFirstLoad = hasInput && !estimate && !query.isError;
  // The quote is the one on show only once nothing is pending: not a previous route's kept data.
  const settled = hasInput && !isUpdating && !query.isPlaceholderData && query.isSuccess && debounced ? { estimate: query.data, input: debounced } : null;
  const settledKey = settled ? `${settled.estimate.quote_id}` : null;
  useEffect(() => {
    onQuote?.(settled);
    // Told again only when the quote on show changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledKey, onQuote]);

  // The same query's total for the create bar (no second estimate is asked for).
  const total = estimate ? totalText(estimate, currency) : null;
  useEffect(() => {
    onSummary?.({ total, isUpdating });
  }, [total, isUpdating, onSummary]);

  let message: ReactNode = null;
  if (!hasInput) {
    message = <p className={`muted ${styles.estimateMessage}`}>{t.estimateEmpty}</p>;
  } else if (query.isError && !isUpdating) {
    message = (
      <div className={`${styles.estimateMessage} ${styles.estimateError}`} role="alert">
        <span>{format(t.estimateFailed, { detail: errorText(query.error, common) })}</span>
        <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
          {common.retry}
        </button>
      </div>
    );
  }

  const minutes = (n: number) => format(t.minutes, { n });
  const time = (timestamp: string) => <ClientTime timestamp={timestamp} locale={locale} />;
  const cells: [label: string, value: ReactNode | undefined][] = [
    [t.pickupTime, estimate && minutes(estimate.pickup_estimated_time)],
    [t.destinationTime, estimate && minutes(estimate.destination_estimated_time)],
    [t.totalTime, estimate && minutes(estimate.total_estimated_time)],
    [t.deliveryPrice, estimate?.delivery_price_text],
    [t.vat, estimate?.vat_price_text],
    [t.totalPrice, total],
    [vc.plannedPickup, estimate && time(estimate.planned_pickup_at)],
    [vc.plannedDropoff, estimate && time(estimate.planned_dropoff_at)],
  ];
  const TOTAL_INDEX = 5;

  return (
    <section className={styles.estimate} aria-labelledby="estimate-title" data-testid="estimate-panel">
      <div className={styles.estimateHeader}>
        <h2 id="estimate-title" className={styles.estimateTitle}>
          {t.estimate}
        </h2>
        <p role="status" className={styles.estimateStatus}>
          {isUpdating ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {t.estimateUpdating}
            </>
          ) : null}
        </p>
        {message}
      </div>
      <dl className={styles.estimateValues} aria-busy={isUpdating || undefined} data-stale={(estimate && isUpdating) || undefined}>
        {cells.map(([label, value], index) => (
          <div key={label} className={index === TOTAL_INDEX ? `${styles.estimateCell} ${styles.estimateTotal}` : styles.estimateCell}>
            <dt>{label}</dt>
            <dd data-testid={`estimate-${index}`}>
              {value ?? (isFirstLoad ? <span className={`skeleton ${styles.valueSkeleton}`} aria-hidden="true" /> : '—')}
            </dd>
          </div>
        ))}
      </dl>
      <p className={`field__hint ${styles.quoteHeld}`} data-testid="quote-held">
        {estimate ? interpolate(vc.quoteHeld, { time: <ClientTime timestamp={estimate.quote_expires_at} locale={locale} style="time" /> }) : null}
      </p>
    </section>
  );
}

/** The estimate input of two placed points, coordinates rounded (they make the query key); null until both are placed. */
function estimateInputOf(pickup: MapPoint | null, destination: MapPoint | null, pickupWaitTime: unknown, pickupReadyAt: string | undefined): EstimateInput | null {
  if (!pickup || !destination) return null;
  const input: EstimateInput = {
    pickup: { lat: roundCoordinate(pickup.lat), lng: roundCoordinate(pickup.lng) },
    destination: { lat: roundCoordinate(destination.lat), lng: roundCoordinate(destination.lng) },
    ...(pickupReadyAt && { pickupReadyAt }),
  };
  // A wait time still being typed (or invalid) is left out rather than blocking the estimate.
  const wait = EstimateBodySchema.shape.pickup_wait_time.safeParse(pickupWaitTime);
  return wait.success && wait.data !== undefined ? { ...input, pickupWaitTime: wait.data } : input;
}

/** Delivery plus VAT, in the currency's own decimals, like the API's `*_text` fields. */
function totalText(estimate: Estimate, currency: string): string {
  return formatMoney(toMinor(estimate.delivery_price + estimate.vat_price, currency), currency);
}

function errorText(error: unknown, common: Pick<CommonText, 'errorOffline'>): string {
  if (error instanceof ApiClientError && error.code === 'network_error') return common.errorOffline;
  return error instanceof Error ? error.message : String(error);
}

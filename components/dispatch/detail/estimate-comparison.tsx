import { format } from '@/components/platform/i18n/messages';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import type { Estimate } from '@/lib/dispatch/shared/estimate-schemas';
import styles from './dispatch-detail.module.css';

const ESTIMATE_ROWS = [
  ['estimateTotalTime', (estimate: Estimate, t: DispatchDetailText) => format(t.minutes, { count: estimate.total_estimated_time })],
  ['estimatePickupTime', (estimate: Estimate, t: DispatchDetailText) => format(t.minutes, { count: estimate.pickup_estimated_time })],
  ['estimateTravelTime', (estimate: Estimate, t: DispatchDetailText) => format(t.minutes, { count: estimate.destination_estimated_time })],
  ['estimatePrice', (estimate: Estimate) => estimate.delivery_price_text],
  ['estimateVat', (estimate: Estimate) => estimate.vat_price_text],
] as const;

/** The current and the new estimate side by side, so the change is weighed before it is made. */
export function EstimateComparison({
  current,
  next,
  isCurrentLoading,
  isNextLoading,
  error,
  t,
}: {
  current: Estimate | undefined;
  next: Estimate | undefined;
  isCurrentLoading: boolean;
  isNextLoading: boolean;
  error: Error | null;
  t: DispatchDetailText;
}) {
  const cell = (estimate: Estimate | undefined, isLoading: boolean, render: (estimate: Estimate) => string) =>
    estimate ? <bdi className={isLoading ? styles.estimateStale : undefined}>{render(estimate)}</bdi> : <span className="skeleton" aria-hidden="true" />;
  return (
    <div className={styles.estimate}>
      <div className="table-wrap">
        <table className="table" data-testid="estimate-comparison" aria-busy={isCurrentLoading || isNextLoading}>
          <caption className={styles.caption}>{t.estimateHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{t.estimateQuantity}</th>
              <th scope="col">{t.estimateCurrent}</th>
              <th scope="col">{t.estimateNew}</th>
            </tr>
          </thead>
          <tbody>
            {ESTIMATE_ROWS.map(([key, render]) => (
              <tr key={key}>
                <th scope="row">{t[key]}</th>
                <td data-testid={`estimate-current-${key}`}>{cell(current, isCurrentLoading, (estimate) => render(estimate, t))}</td>
                <td data-testid={`estimate-new-${key}`} data-settled={!isNextLoading}>
                  {cell(next, isNextLoading, (estimate) => render(estimate, t))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="sr-only" aria-live="polite">
        {isNextLoading ? t.estimateCalculating : next ? `${t.estimateNew}: ${ESTIMATE_ROWS[0][1](next, t)}, ${next.delivery_price_text}` : ''}
      </p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {format(t.estimateFailed, { detail: error.message })}
        </p>
      ) : null}
    </div>
  );
}

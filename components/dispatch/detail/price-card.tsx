import type { Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { vendorControlMessages } from '@/components/platform/i18n/messages/vendor-control';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import detailStyles from './dispatch-detail.module.css';
import styles from './vendor-control.module.css';

/**
 * What the delivery costs the restaurant: delivery, VAT and total as the API wrote them (in the
 * tariff currency's decimals); "quoted" while the estimate's quote is the price, "repriced" (with
 * the total before) once a destination change repriced it.
 */
export function PriceCard({ dispatch, locale }: { dispatch: Pick<DispatchRecord, 'pricing' | 'current_status'>; locale: Locale }) {
  const t = messagesFor(vendorControlMessages, locale);
  const { pricing } = dispatch;
  // "Quoted" holds while the quoted price is the price: a destination change reprices it, and a
  // cancelled dispatch is not charged as quoted.
  const badge = !pricing || dispatch.current_status === 'cancelled' ? null : pricing.previous ? 'repriced' : pricing.quote_id ? 'quoted' : null;
  return (
    <section className="card stack" aria-labelledby="price-title" data-testid="price-card">
      <div className={styles.titleRow}>
        <h2 id="price-title">{t.priceTitle}</h2>
        {badge === 'quoted' ? (
          <span className="badge badge--success" title={t.priceQuotedHint} data-testid="price-quoted">
            {t.priceQuoted}
          </span>
        ) : badge === 'repriced' ? (
          <span className="badge badge--warning" title={t.priceRepricedHint} data-testid="price-repriced">
            {t.priceRepriced}
          </span>
        ) : null}
      </div>
      {pricing ? (
        <>
          <dl className={detailStyles.facts}>
            <dt>{t.priceDelivery}</dt>
            <dd data-testid="price-delivery">
              <bdi>{pricing.delivery_price_text}</bdi>
            </dd>
            <dt>{t.priceVat}</dt>
            <dd data-testid="price-vat">
              <bdi>{pricing.vat_price_text}</bdi>
            </dd>
            <dt>{t.priceTotal}</dt>
            <dd className={styles.total} data-testid="price-total">
              <bdi>{pricing.total_price_text}</bdi>
            </dd>
          </dl>
          {pricing.previous ? (
            <p className={`muted ${styles.note}`} data-testid="price-previous">
              {format(t.pricePrevious, { total: `\u2068${pricing.previous.total_price_text}\u2069` })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted" data-testid="price-none">
          {t.priceNone}
        </p>
      )}
    </section>
  );
}

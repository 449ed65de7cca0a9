import type { Locale } from '@/components/i18n/locale';
import { format, messagesFor } from '@/components/i18n/messages';
import { vendorControlMessages } from '@/components/i18n/messages/vendor-control';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import styles from './vendor-control.module.css';

/**
 * What the delivery costs the restaurant: delivery, VAT and total as the API wrote them (in the
 * tariff currency's decimals); "quoted" when the create named the estimate's quote, and the
 * total before the last destination change when that repriced it.
 */
export function PriceCard({ dispatch, locale }: { dispatch: Pick<DispatchRecord, 'pricing'>; locale: Locale }) {
  const t = messagesFor(vendorControlMessages, locale);
  const { pricing } = dispatch;
  return (
    <section className="card stack" aria-labelledby="price-title" data-testid="price-card">
      <div className={styles.titleRow}>
        <h2 id="price-title">{t.priceTitle}</h2>
        {pricing?.quote_id ? (
          <span className="badge badge--success" title={t.priceQuotedHint} data-testid="price-quoted">
            {t.priceQuoted}
          </span>
        ) : null}
      </div>
      {pricing ? (
        <>
          <dl className={styles.facts}>
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

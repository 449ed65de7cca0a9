import { customerName } from '@/lib/dispatch/shared/customer-name';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { formatMoney, toMinor } from '@/lib/pricing/shared/tariff';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import { pickLocaleText } from '@/components/platform/i18n/pick-locale-text';
import { TableHead } from '@/components/platform/ui/query-table';
import styles from './dispatch-detail.module.css';

// Customer and order cards: plain data, no state (rendered inside the client tree).

/**
 * A price of the order (major units, as the API carries them) in the currency's own decimals
 * (`12.50 SAR`, `12.500 KWD`), like the API's `*_text` fields; without a currency, as sent.
 */
export function orderMoney(amount: number, currency: string | undefined): string {
  return currency ? formatMoney(toMinor(amount, currency), currency) : String(amount);
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function CustomerCard({ dispatch, t }: { dispatch: DispatchRecord; t: DispatchDetailText }) {
  const customer = dispatch.user_metadata;
  const name = customerName(customer);
  return (
    <section className="card" aria-labelledby="customer-title">
      <h2 id="customer-title">{t.sectionCustomer}</h2>
      <dl className={styles.facts}>
        <dt>{t.customerName}</dt>
        <dd>{name || <span className="muted">{t.notGiven}</span>}</dd>
        <dt>{t.customerPhone}</dt>
        <dd>
          <a href={telHref(customer.phone)} dir="ltr" data-testid="customer-phone">
            {customer.phone}
          </a>
        </dd>
        <dt>{t.customerEmail}</dt>
        <dd>
          <a href={`mailto:${customer.email}`} dir="ltr">
            {customer.email}
          </a>
        </dd>
        <dt>{t.customerId}</dt>
        <dd className="mono">{customer.id}</dd>
      </dl>
    </section>
  );
}

export function OrderCard({ dispatch, locale, t }: { dispatch: DispatchRecord; locale: Locale; t: DispatchDetailText }) {
  const payload = dispatch.vendor_payload;
  const currency = payload?.currency;
  const items = payload?.order_details ?? [];
  return (
    <section className="card" aria-labelledby="order-title">
      <h2 id="order-title">{t.sectionOrder}</h2>
      <dl className={styles.facts}>
        <dt>{t.restaurant}</dt>
        <dd>{pickLocaleText(dispatch.vendor_name, locale)}</dd>
        <dt>{t.branch}</dt>
        <dd className="mono">{dispatch.vendor_bid}</dd>
        {dispatch.vendor_sid ? (
          <>
            <dt>{t.shortId}</dt>
            <dd className="mono">{dispatch.vendor_sid}</dd>
          </>
        ) : null}
        <dt>{t.orderPrice}</dt>
        <dd data-testid="order-price">{payload?.order_price !== undefined ? <bdi>{orderMoney(payload.order_price, currency)}</bdi> : <span className="muted">{t.notGiven}</span>}</dd>
        <dt>{t.paymentType}</dt>
        <dd data-testid="payment-type" data-value={payload?.payment_type}>
          {payload?.payment_type ? t[`payment_${payload.payment_type}`] : <span className="muted">{t.notGiven}</span>}
        </dd>
        {payload?.pickup_wait_time !== undefined ? (
          <>
            <dt>{t.pickupWait}</dt>
            <dd>{format(t.minutes, { count: payload.pickup_wait_time })}</dd>
          </>
        ) : null}
      </dl>
      <h3 className={styles.subheading}>{t.items}</h3>
      {items.length === 0 ? (
        <p className="muted">{t.noItems}</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="order-items">
            <TableHead columns={[t.itemName, { heading: t.itemCount, className: styles.numeric }, { heading: t.itemPrice, className: styles.numeric }]} />
            <tbody>
              {items.map((item, index) => (
                <tr key={index}>
                  <td>{pickLocaleText(item.item_name, locale) || <span className="muted">{t.unnamedItem}</span>}</td>
                  <td className={styles.numeric}>{item.count ?? '—'}</td>
                  <td className={styles.numeric}>{item.price !== undefined ? <bdi>{orderMoney(item.price, currency)}</bdi> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

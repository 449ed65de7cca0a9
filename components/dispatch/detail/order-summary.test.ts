import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderCard } from '@/components/dispatch/detail/order-summary';
import { messagesFor } from '@/components/platform/i18n/messages';
import { dispatchDetailMessages } from '@/components/platform/i18n/messages/dispatch-detail';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { dispatchRecord } from '@/test/dispatch-records';

// The dispatch page formatted order prices with two decimals of its own while the API's price
// texts used the currency's: a Kuwaiti order showed 12.50 KWD on the page and 12.500 KWD elsewhere.

const t = messagesFor(dispatchDetailMessages, 'en');

const dispatchWith = (vendorPayload: DispatchRecord['vendor_payload']): DispatchRecord => dispatchRecord({ vendor_payload: vendorPayload });

const rendered = (vendorPayload: DispatchRecord['vendor_payload']) => renderToStaticMarkup(createElement(OrderCard, { dispatch: dispatchWith(vendorPayload), locale: 'en', t }));

describe('the order card’s prices', () => {
  it('shows a KWD order in the currency’s three decimals, the total and each item', () => {
    const html = rendered({ order_price: 12.5, currency: 'KWD', order_details: [{ item_name: { en: 'Machboos' }, count: 2, price: 6.25 }] });
    expect(html).toContain('<bdi>12.500 KWD</bdi>');
    expect(html).toContain('<bdi>6.250 KWD</bdi>');
  });

  it('shows two decimals for SAR and none for JPY', () => {
    expect(rendered({ order_price: 37, currency: 'SAR' })).toContain('<bdi>37.00 SAR</bdi>');
    expect(rendered({ order_price: 1200, currency: 'JPY' })).toContain('<bdi>1200 JPY</bdi>');
  });

  it('shows a price without a currency as it was sent', () => {
    expect(rendered({ order_price: 12.5 })).toContain('<bdi>12.5</bdi>');
  });
});

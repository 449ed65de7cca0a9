import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderCard } from '@/components/dispatch-detail/order-summary';
import { messagesFor } from '@/components/i18n/messages';
import { dispatchDetailMessages } from '@/components/i18n/messages/dispatch-detail';
import type { DispatchRecord } from '@/lib/dispatches/schemas';

// The dispatch page formatted order prices with two decimals of its own while the API's price
// texts used the currency's: a Kuwaiti order showed 12.50 KWD on the page and 12.500 KWD elsewhere.

const t = messagesFor(dispatchDetailMessages, 'en');

function dispatchWith(vendorPayload: DispatchRecord['vendor_payload']): DispatchRecord {
  return {
    id: 'dsp_test',
    created_at: '2026-03-01 10:00:00.000',
    modified_at: '2026-03-01 10:00:00.000',
    r_id: 'ABCD2345',
    assigned_driver_id: null,
    pickup: { lat: 29.37, lng: 47.97 },
    destination: { lat: 29.33, lng: 48.0 },
    user_metadata: { id: 'c1', phone: '+96550000000', email: 'c@example.com', username: 'c1' },
    vendor_logo_url: null,
    vendor_id: 'v1',
    vendor_name: { en: 'Gulf Grill' },
    vendor_oid: 'o-1',
    vendor_sid: null,
    vendor_bid: 'b-1',
    media_url: null,
    vendor_payload: vendorPayload,
    status: [],
    tracking_url: null,
    cancellation: null,
    ready_at: null,
    pickup_ready_at: null,
    dropoff_deadline: null,
    pricing: null,
    dropoff_instructions: null,
    contactless: false,
    tip: null,
    expected_pickup_at: null,
    current_status: 'new',
    pin_checked_at: null,
    cash_collected: null,
    trip: null,
  };
}

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

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { canEditDropoff } from '@/components/dispatch/detail/dropoff-card';
import { isAcceptanceAhead, isPickupAhead, readiness } from '@/components/dispatch/detail/pickup-card';
import { PriceCard } from '@/components/dispatch/detail/price-card';
import type { DispatchRecord, StatusEntry } from '@/lib/dispatch/shared/schemas';
import type { LifecycleStatus } from '@/lib/dispatch/shared/transitions/table';
import { SAR_PRICING } from '@/test/dispatch-records';

// The dispatch page's restaurant controls offer what the server allows, read from the one
// transition table: "ready now" kept before a driver accepts, recorded after, refused after pickup.

const entry = (status: StatusEntry['status']): StatusEntry => ({ status, status_captured_time: '2026-03-01 10:00:00.000', ref_id: 'x', ref_type: 'driver' });
const history = (...statuses: StatusEntry['status'][]) => statuses.map(entry);

describe('ready now', () => {
  it('knows the states before a driver’s acceptance', () => {
    const ahead: LifecycleStatus[] = ['new', 'dispatch_accepted', 'assigned'];
    const behind: LifecycleStatus[] = ['accepted', 'ready_for_pickup', 'picked_up', 'delivered', 'qa_qc', 'cancelled', 'dispatch_rejected'];
    for (const state of ahead) expect(isAcceptanceAhead(state), state).toBe(true);
    for (const state of behind) expect(isAcceptanceAhead(state), state).toBe(false);
  });

  it('can be said before pickup, once; not after pickup or on an ended dispatch', () => {
    expect(readiness({ status: history('new'), ready_at: null })).toBe('can');
    expect(readiness({ status: history('new', 'assigned', 'accepted', 'near_pickup'), ready_at: null })).toBe('can');
    expect(readiness({ status: history('new'), ready_at: '2026-03-01 10:01:00.000' })).toBe('said');
    expect(readiness({ status: history('new', 'assigned', 'accepted', 'ready_for_pickup'), ready_at: null })).toBe('recorded');
    expect(readiness({ status: history('new', 'assigned', 'accepted', 'picked_up'), ready_at: null })).toBe('refused');
    expect(readiness({ status: history('new', 'cancelled'), ready_at: null })).toBe('refused');
  });

  it('offers the kitchen’s controls only while a pickup is ahead', () => {
    for (const state of ['new', 'dispatch_accepted', 'assigned', 'accepted', 'ready_for_pickup']) expect(isPickupAhead(state), state).toBe(true);
    for (const state of ['picked_up', 'delivered', 'qa_qc', 'cancelled', 'dispatch_rejected', 'near_pickup']) expect(isPickupAhead(state), state).toBe(false);
  });

  it('lets the drop-off details change until pickup', () => {
    expect(canEditDropoff({ status: history('new', 'assigned', 'accepted', 'ready_for_pickup') })).toBe(true);
    expect(canEditDropoff({ status: history('new', 'assigned', 'accepted', 'picked_up') })).toBe(false);
    expect(canEditDropoff({ status: history('new', 'cancelled') })).toBe(false);
  });
});

describe('the price card', () => {
  const pricing: NonNullable<DispatchRecord['pricing']> = {
    ...SAR_PRICING,
    quote_id: 'quo_1',
    previous: { delivery_price: 15, delivery_price_text: '15.00 SAR', vat_price: 2.25, vat_price_text: '2.25 SAR', total_price: 17.25, total_price_text: '17.25 SAR' },
  };

  it('shows delivery, VAT and total, "repriced" with the total before the destination change, in both languages', () => {
    const en = renderToStaticMarkup(createElement(PriceCard, { dispatch: { pricing, current_status: 'assigned' }, locale: 'en' }));
    expect(en).toContain('<bdi>21.56 SAR</bdi>');
    expect(en).toContain('Repriced');
    expect(en).not.toContain('Quoted');
    expect(en).toContain('Was \u206817.25 SAR\u2069 before the destination change.');
    const ar = renderToStaticMarkup(createElement(PriceCard, { dispatch: { pricing, current_status: 'assigned' }, locale: 'ar' }));
    expect(ar).toContain('كان \u206817.25 SAR\u2069 قبل تغيير الوجهة.');
  });

  it('says "quoted" while the quoted price holds, and neither badge once cancelled', () => {
    const quoted = { ...pricing, previous: null };
    expect(renderToStaticMarkup(createElement(PriceCard, { dispatch: { pricing: quoted, current_status: 'new' }, locale: 'en' }))).toContain('Quoted');
    const cancelled = renderToStaticMarkup(createElement(PriceCard, { dispatch: { pricing: quoted, current_status: 'cancelled' }, locale: 'en' }));
    expect(cancelled).not.toContain('Quoted');
    expect(cancelled).not.toContain('Repriced');
  });

  it('says so when a dispatch has no price kept', () => {
    expect(renderToStaticMarkup(createElement(PriceCard, { dispatch: { pricing: null, current_status: 'new' }, locale: 'en' }))).toContain('No price was kept');
  });
});

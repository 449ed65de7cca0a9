import { expect, test } from '@playwright/test';
import { order } from './orders';
import { createStaffAccount, signIn } from './staff';

// The dispatch page's cards say what is true now (issue 28), on a phone in Arabic: a quoted price
// repriced by a destination change reads "repriced", and a cancelled scheduled dispatch no longer
// offers "Scheduled" or "Ready now".

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a repriced, then cancelled, scheduled dispatch on a phone in Arabic: no Quoted, no Scheduled, no Ready now', async ({ page, request, context, baseURL }) => {
  const staff = await createStaffAccount(request, 'Cards Phone Kitchen');
  const headers = { 'x-api-key': staff.apiKey };
  const base = order(`cards-ar-${Date.now()}`);
  const estimate = await request.post('/ext/estimate', { headers, data: { pickup: base.pickup, destination: base.destination } });
  const quoteId = (await estimate.json()).data.quote_id as string;
  const pickupReadyAt = new Date(Date.now() + 90 * 60_000).toISOString();
  const created = await request.post('/ext/dispatch', { headers, data: { ...base, quote_id: quoteId, pickup_ready_at: pickupReadyAt } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data as { id: string };

  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, staff);
  await page.goto(`/dispatches/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('price-quoted')).toHaveText('سعر مثبَّت');
  await expect(page.getByTestId('scheduled-badge')).toHaveText('مجدول');

  // Repriced by a destination change (the vendor's system), followed live.
  expect((await request.patch(`/ext/dispatch/${id}/destination`, { headers, data: { lat: 24.85, lng: 46.8 } })).status()).toBe(204);
  await expect(page.getByTestId('price-repriced')).toHaveText('أُعيد التسعير', { timeout: 15_000 });
  await expect(page.getByTestId('price-quoted')).toHaveCount(0);

  // Cancelled: the kitchen card recalls the plan without "Scheduled" or "Ready now"; no price badge.
  expect((await request.post(`/ext/dispatch/${id}/cancel`, { headers, data: { reason: 'duplicate_order' } })).status()).toBe(200);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
  await expect(page.getByTestId('scheduled-badge')).toHaveCount(0);
  await expect(page.getByTestId('ready-now')).toHaveCount(0);
  await expect(page.getByTestId('price-repriced')).toHaveCount(0);
  await expect(page.getByTestId('pickup-ready-at')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

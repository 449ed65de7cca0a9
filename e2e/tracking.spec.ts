import { expect, test, type Page } from '@playwright/test';
import { distinctiveCustomer } from '../test/distinctive-customer';
import { expectNoSeriousAxeViolations } from './axe';
import { assign, createOpsDriver } from './drivers';
import { OPS_HEADERS } from './staff';
import { cumulativeLayoutShift, firstLoadJs, largestContentfulPaint } from './web-vitals';

// The end customer's tracking page on a phone: what it shows (restaurant, timeline, map, driver,
// ETA), that it follows the delivery without a reload, and that none of the customer's personal
// data reaches its HTML, its text or its JSON.

const PHONE = { width: 390, height: 844 };

/** A customer whose every detail is distinctive, so a leak of any of it can be searched for. */
function customerOrder(tag: string) {
  return {
    pickup: { lat: 24.6953, lng: 46.6851, address_line: `Olaya Street, Tower ${tag}`, ref_id: `branch-ref-${tag}` },
    destination: { lat: 24.7243, lng: 46.7086, address_line: `Villa ${tag}, Hittin District`, ref_id: `home-ref-${tag}` },
    user_metadata: distinctiveCustomer(tag),
    vendor_id: `vendor-${tag}`,
    vendor_name: { 'en-us': 'Saffron Grill', 'ar-sa': 'مشويات الزعفران' },
    vendor_oid: `track-${tag}`,
    vendor_bid: 'olaya',
    vendor_payload: {
      order_price: 93.25,
      currency: 'SAR',
      payment_type: 'VISA',
      order_details: [{ item_name: { 'en-us': `Mixed grill ${tag}` }, count: 2, price: 41.5 }],
    },
  };
}

type Order = ReturnType<typeof customerOrder>;

/** Everything about the customer and the order that must never appear on the page. */
function personalData(order: Order): string[] {
  const customer = order.user_metadata;
  return [
    customer.id, customer.username, customer.firstName, customer.lastName, customer.email, customer.phone,
    customer.phone.replace(/\D/g, ''), '55 123 4567', order.pickup.address_line, order.destination.address_line,
    order.pickup.ref_id, order.destination.ref_id, order.vendor_oid, order.vendor_id,
    order.vendor_payload.order_details[0]!.item_name['en-us'], '93.25', 'VISA',
  ];
}

async function expectNoPersonalData(page: Page, order: Order, extra: string[] = []) {
  const html = await page.content();
  const text = await page.locator('body').innerText();
  for (const value of [...personalData(order), ...extra]) {
    expect(html, `HTML shows ${value}`).not.toContain(value);
    expect(text, `text shows ${value}`).not.toContain(value);
  }
}

test('the tracking page shows a delivery on a phone, follows it live, and shows no personal data', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Saffron Grill' } });
  expect(account.status()).toBe(201);
  const vendor = { 'x-api-key': (await account.json()).data.api_key as string };
  const order = customerOrder(tag);
  const created = await request.post('/ext/dispatch', { headers: vendor, data: order });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: vendor })).json()).data;
  const trackingPath = new URL(record.tracking_url as string).pathname;
  expect(trackingPath).toMatch(/^\/t\/[0-9A-Za-z]{24}$/);

  // The JSON the page polls: public, private to the link, without personal data.
  const json = await request.get(`/api/track/${trackingPath.slice(3)}`);
  expect(json.status()).toBe(200);
  expect(json.headers()['cache-control']).toBe('no-store');
  expect(json.headers()['referrer-policy']).toBe('no-referrer');
  const jsonText = await json.text();
  for (const value of personalData(order)) expect(jsonText, `JSON shows ${value}`).not.toContain(value);

  // The first view is rendered on the server: its HTML already says what is happening.
  const served = await request.get(trackingPath, { headers: { 'accept-language': 'en' } });
  const servedHtml = await served.text();
  expect(servedHtml).toContain('Saffron Grill');
  expect(servedHtml).toContain('Order received');
  for (const value of personalData(order)) expect(servedHtml, `served HTML shows ${value}`).not.toContain(value);

  // A hydration mismatch (times, the ETA countdown) would show up as a console error.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await page.setViewportSize(PHONE);
  const response = await page.goto(trackingPath);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page).toHaveTitle('Your order from Saffron Grill');

  await expect(page.getByTestId('restaurant-name')).toHaveText('Saffron Grill');
  // Before a driver: looking for one, and already an arrival time from the dispatch's own plan.
  await expect(page.getByTestId('tracking-headline')).toHaveText('Finding a driver');
  const entries = page.getByTestId('tracking-timeline-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute('data-status', 'new');
  await expect(entries.first()).toContainText('Order received');
  await expect(entries.first().locator('time')).toHaveText(/^\d\d:\d\d$/);
  const map = page.getByRole('region', { name: 'Map of your delivery' }).locator('.dispatch-map');
  await expect(map).toBeVisible();
  await expect(page.getByTestId('marker-pickup')).toBeVisible();
  await expect(page.getByTestId('marker-destination')).toBeVisible();
  await expect(page.getByTestId('marker-driver')).toHaveCount(0);
  await expect(page.getByTestId('tracking-driver')).toHaveCount(0);
  await expect(page.getByTestId('tracking-eta')).toHaveAttribute('data-kind', 'clock');
  await expect(page.getByTestId('tracking-eta')).toHaveText(/^Estimated arrival\s*around \d\d:\d\d$/);
  await expect(page.getByTestId('tracking-live')).toBeVisible();
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoPersonalData(page, order);
  await expectNoSeriousAxeViolations(page, 'tracking (en)');

  // A driver is assigned and accepts: the open page follows without a reload.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const driverId = await createOpsDriver(request, { name: 'Faisal Al-Otaibi', phone: '+966511000321', fleet_id: 'fleet-track' });
  await assign(request, id, driverId);
  expect((await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status: 'accepted' } })).status()).toBe(200);

  await expect(page.getByTestId('tracking-headline')).toHaveText('Driver on the way to the restaurant', { timeout: 15_000 });
  await expect(page.getByTestId('driver-first-name')).toHaveText('Faisal');
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toHaveAttribute('data-status', 'accepted');
  await expect(page.getByTestId('tracking-announcement')).toHaveText('Latest update: Driver accepted the delivery');
  // No position reported yet: no driver pin, and the arrival time is still the plan's.
  await expect(page.getByTestId('driver-location')).toHaveText('Location not shared yet');
  await expect(page.getByTestId('tracking-eta')).toHaveAttribute('data-kind', 'clock');
  await expect(page.getByTestId('marker-driver')).toHaveCount(0);

  // The driver reports a position ~3 km from the restaurant: the pin and the ETA to the restaurant appear.
  const report = (lat: number, lng: number) =>
    request.post(`/api/ops/drivers/${driverId}/location`, { headers: OPS_HEADERS, data: { lat, lng } });
  const toPickup = await report(order.pickup.lat - 0.027, order.pickup.lng);
  expect(toPickup.status()).toBe(200);
  const pickupMinutes = (await toPickup.json()).data.dispatches[0].eta_minutes as number;
  await expect(page.getByTestId('marker-driver')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('driver-location')).toHaveText(/^Location updated \d\d:\d\d$/);
  expect(pickupMinutes).toBeGreaterThan(0);
  // The restaurant still ahead: the time the order reaches the door (the driver's pickup plus the ride).
  const eta = page.getByTestId('tracking-eta');
  await expect(eta).toHaveAttribute('data-kind', 'clock');
  await expect(eta).toHaveText(/^Estimated arrival\s*around \d\d:\d\d$/);
  await expect(page.getByTestId('tracking-headline')).toHaveText('Driver on the way to the restaurant');

  // At the restaurant, inside the geofence: the driver-near step shows as what is happening now.
  expect((await report(order.pickup.lat + 0.0004, order.pickup.lng)).status()).toBe(200);
  await expect(page.getByTestId('tracking-headline')).toHaveText('Driver at the restaurant', { timeout: 15_000 });
  await expect(entries.first()).toHaveAttribute('data-status', 'near_pickup');
  await expect(entries.first()).toContainText('Driver arrived at the restaurant');
  // Regression: no "reaches the restaurant in …" beside "Driver at the restaurant".
  await expect(page.getByTestId('tracking-status')).not.toContainText('reaches the restaurant');
  await expect(eta).toHaveAttribute('data-kind', 'clock');

  // Picked up and moving on: the estimate now leads to the customer, with a clock time.
  expect((await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status: 'picked_up' } })).status()).toBe(200);
  await expect(page.getByTestId('tracking-headline')).toHaveText('On the way to you', { timeout: 15_000 });
  // The estimate to the restaurant no longer applies: the planned ride, counted from the pickup, until the driver's next position.
  await expect(eta).toHaveAttribute('data-kind', 'minutes');
  const midway = await report(order.pickup.lat + 0.012, order.pickup.lng + 0.009);
  expect(midway.status()).toBe(200);
  const destinationMinutes = (await midway.json()).data.dispatches[0].eta_minutes as number;
  expect(destinationMinutes).toBeGreaterThan(0);
  await expect(eta).toHaveAttribute('data-minutes', new RegExp(`^(${destinationMinutes}|${destinationMinutes - 1})$`), { timeout: 15_000 });
  await expect(eta).toContainText(/Estimated arrival\s*about \d+ min\s*around \d\d:\d\d/);
  await expect(page.getByTestId('tracking-progress').locator('[aria-current="step"]')).toContainText('On the way');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expectNoPersonalData(page, order, ['Al-Otaibi', '+966511000321', driverId, 'fleet-track']);
  await expectNoSeriousAxeViolations(page, 'tracking under way (en)');

  // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's picture (a phone, mid-delivery).
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/tracking.png', fullPage: true });

  // Arabic, right to left: the restaurant's Arabic name and the same checks.
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('restaurant-name')).toHaveText('مشويات الزعفران');
  await expect(page.getByTestId('tracking-headline')).toHaveText('في الطريق إليك');
  await expect(page).toHaveTitle('طلبك من مشويات الزعفران');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoPersonalData(page, order, ['Al-Otaibi', '+966511000321', driverId]);
  await expectNoSeriousAxeViolations(page, 'tracking (ar)');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/tracking-ar.png', fullPage: true });
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Within the geofence of the destination: "Arriving now", and no minutes count beside it.
  expect((await report(order.destination.lat + 0.0005, order.destination.lng)).status()).toBe(200);
  await expect(page.getByTestId('tracking-headline')).toHaveText('Arriving now', { timeout: 15_000 });
  await expect(eta).toHaveCount(0);
  await expect(entries.first()).toHaveAttribute('data-status', 'near_destination');
  await expect(entries.first()).toContainText('Driver is nearby');

  // Delivered: the final state, no driver any more, and the page stops asking.
  expect((await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status: 'delivered' } })).status()).toBe(200);
  await expect(page.getByTestId('tracking-headline')).toHaveText(/^Delivered at \d\d:\d\d$/, { timeout: 15_000 });
  await expect(page.getByTestId('tracking-live')).toHaveCount(0);
  await expect(page.getByTestId('tracking-driver')).toHaveCount(0);
  let polls = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/api/track/')) polls++;
  });
  await page.waitForTimeout(6_000);
  expect(polls).toBe(0);
  expect(consoleErrors).toEqual([]);
});

// One story (lib/dispatch/shared/tracking/story.ts): before a driver there is already an arrival time, and a
// driver at the restaurant is never also "reaching the restaurant in …". On a phone and a
// desktop, in English and in Arabic.
for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`the tracking page tells one story before a driver and at the restaurant (${device})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Saffron Grill' } });
    const vendor = { 'x-api-key': (await account.json()).data.api_key as string };
    const order = customerOrder(`story-${device}-${Date.now()}`);
    const { id } = (await (await request.post('/ext/dispatch', { headers: vendor, data: order })).json()).data as { id: string };
    const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: vendor })).json()).data;
    const trackingPath = new URL(record.tracking_url as string).pathname;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await page.setViewportSize(viewport);
    await page.goto(trackingPath);
    const status = page.getByTestId('tracking-status');
    const headline = page.getByTestId('tracking-headline');
    const eta = page.getByTestId('tracking-eta');
    const language = async (locale: 'en' | 'ar') => {
      await page.getByTestId(`language-${locale}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    };

    // Before a driver: an arrival time from the dispatch's own plan, before any position.
    await expect(headline).toHaveText('Finding a driver');
    await expect(status).toHaveAttribute('data-phase', 'finding_driver');
    await expect(eta).toHaveAttribute('data-kind', 'clock');
    await expect(eta).toHaveText(/^Estimated arrival\s*around \d\d:\d\d$/);
    await expect(page.getByTestId('tracking-eta-unknown')).toHaveCount(0);
    await language('ar');
    await expect(headline).toHaveText('جارٍ البحث عن سائق');
    await expect(eta).toHaveText(/^الوصول المتوقع\s*حوالي \d\d:\d\d( [صم])?$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // A driver takes it and reports a position at the restaurant (inside its geofence).
    const driver = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: `Sami ${device}` } });
    const driverId = (await driver.json()).data.id as string;
    expect((await request.post(`/api/ops/dispatches/${id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);
    expect((await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status: 'accepted' } })).status()).toBe(200);
    const atPickup = await request.post(`/api/ops/drivers/${driverId}/location`, {
      headers: OPS_HEADERS,
      data: { lat: order.pickup.lat + 0.0004, lng: order.pickup.lng },
    });
    expect(atPickup.status()).toBe(200);

    await expect(headline).toHaveText('السائق في المطعم', { timeout: 15_000 });
    await expect(status).toHaveAttribute('data-phase', 'at_restaurant');
    await expect(status).not.toContainText('يصل السائق إلى المطعم');
    await expect(eta).toHaveAttribute('data-kind', 'clock');
    await expect(eta).toHaveText(/^الوصول المتوقع\s*حوالي \d\d:\d\d( [صم])?$/);
    await expect(page.getByTestId('marker-driver')).toBeVisible();
    await expectNoSeriousAxeViolations(page, `tracking at the restaurant (ar, ${device})`);

    await language('en');
    await expect(headline).toHaveText('Driver at the restaurant');
    // Regression: "Driver at the restaurant" beside "reaches the restaurant in about 1 min".
    await expect(status).not.toContainText('reaches the restaurant');
    await expect(eta).toHaveText(/^Estimated arrival\s*around \d\d:\d\d$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousAxeViolations(page, `tracking at the restaurant (en, ${device})`);
    expect(consoleErrors).toEqual([]);
  });
}

test('an unknown or malformed tracking link is a 404 that reveals nothing', async ({ browser, page, request }) => {
  await page.setViewportSize(PHONE);
  for (const path of ['/t/AAAAAAAAAAAAAAAAAAAAAAAA', '/t/not-a-token']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByTestId('tracking-not-found')).toContainText('Tracking link not found');
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  }
  await expectNoSeriousAxeViolations(page, 'tracking not found (en)');
  // The phone's language decides when no choice was made: Arabic, right to left.
  const arabic = await browser.newContext({ locale: 'ar-SA', viewport: PHONE });
  const arabicPage = await arabic.newPage();
  await arabicPage.goto('/t/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(arabicPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabicPage.getByTestId('tracking-not-found')).toContainText('رابط التتبع غير موجود');
  await expectNoSeriousAxeViolations(arabicPage, 'tracking not found (ar)');
  await arabic.close();
  const json = await request.get('/api/track/AAAAAAAAAAAAAAAAAAAAAAAA');
  expect(json.status()).toBe(404);
  expect(await json.json()).toEqual({ error: 'not_found', error_desc: 'There is no tracking page at this address' });
});

test('the tracking page is light on a phone: ≤ 180 KB of gzipped first-load JS without map code, LCP < 1.5 s, no layout shift', async ({ browser, request }) => {
  const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Budget Grill' } });
  const vendor = { 'x-api-key': (await account.json()).data.api_key as string };
  const order = customerOrder(`budget-${Date.now()}`);
  const { id } = (await (await request.post('/ext/dispatch', { headers: vendor, data: order })).json()).data as { id: string };
  const driver = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: 'Huda Budget' } });
  const driverId = (await driver.json()).data.id as string;
  await request.post(`/api/ops/dispatches/${id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } });
  await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status: 'accepted' } });
  await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status: 'picked_up' } });
  await request.post(`/api/ops/drivers/${driverId}/location`, { headers: OPS_HEADERS, data: { lat: 24.71, lng: 46.7 } });
  const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: vendor })).json()).data;
  const trackingPath = new URL(record.tracking_url as string).pathname;

  // Warm the server once, then a fresh phone (empty cache) opens the link.
  await request.get(trackingPath);
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const document = await phone.goto(trackingPath, { waitUntil: 'load' });
  await expect(phone.getByTestId('tracking-eta')).toBeVisible();

  const js = await firstLoadJs(request, await document!.text());
  console.log(`tracking page first-load JS: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.scripts} scripts`);
  expect(js.gzipBytes).toBeLessThanOrEqual(180 * 1024);

  const lcp = await largestContentfulPaint(phone);
  console.log(`tracking page LCP: ${lcp.toFixed(0)} ms`);
  expect(lcp).toBeLessThan(1_500);

  // The map, the times and the countdown fill in after hydration without moving anything.
  await expect(phone.getByTestId('marker-driver')).toBeVisible();
  await phone.waitForTimeout(1_000);
  const shift = await cumulativeLayoutShift(phone);
  console.log(`tracking page cumulative layout shift: ${shift.toFixed(3)}`);
  expect(shift).toBeLessThan(0.1);
  await context.close();
});

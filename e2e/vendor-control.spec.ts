import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { advanceAsNewDriver } from './drivers';
import { order } from './orders';
import { createStaffAccount, signIn, type StaffAccount } from './staff';

// What the restaurant controls of a dispatch (issue 19), against the production build: "Ready
// now" before and after a driver accepts (kept, then recorded in the timeline), a dispatch
// scheduled from the New dispatch form that waits for its time, the price, the drop-off details
// and the customer's tracking link copied from the dispatch page.

const OLAYA = { lat: 24.695, lng: 46.685, address_line: 'Olaya St, Riyadh' };

interface Record {
  id: string;
  status: { status: string; ref_type: string }[];
  ready_at: string | null;
  pickup_ready_at: string | null;
  assigned_driver_id: string | null;
  tracking_url: string | null;
  contactless: boolean;
  tip: number | null;
  dropoff_instructions: string | null;
  pricing: { total_price_text: string; delivery_price_text: string; vat_price_text: string; quote_id: string | null } | null;
}

async function createDispatch(request: APIRequestContext, staff: StaffAccount, name: string, extra: object = {}): Promise<Record> {
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: { ...order(`${name}-${Date.now()}`), ...extra } });
  expect(created.status()).toBe(201);
  return readDispatch(request, staff, ((await created.json()).data as { id: string }).id);
}

async function readDispatch(request: APIRequestContext, staff: StaffAccount, id: string): Promise<Record> {
  const response = await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': staff.apiKey } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as Record;
}

const timeline = (page: Page) => page.getByTestId('timeline-entry');

test('ready now: kept until a driver accepts and then recorded; at once after acceptance; refused after pickup', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staff = await createStaffAccount(request, 'Ready Kitchen');
  const waiting = await createDispatch(request, staff, 'ready-waiting');
  const accepted = await createDispatch(request, staff, 'ready-accepted');
  await advanceAsNewDriver(request, accepted.id, ['accepted'], 'Ready Driver');
  const pickedUp = await createDispatch(request, staff, 'ready-picked');
  await advanceAsNewDriver(request, pickedUp.id, ['accepted', 'picked_up'], 'Ready Driver');
  await signIn(page, staff);

  // Before a driver: the time is kept, and the page says it will be recorded once one accepts.
  await page.goto(`/dispatches/${waiting.id}`);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');
  await expect(page.getByTestId('ready-said')).toHaveCount(0);
  await page.getByTestId('ready-now').click();
  await expect(page.getByTestId('ready-said')).toContainText(/^Kitchen said ready at \d{2}:\d{2}:\d{2}\./);
  await expect(page.getByTestId('ready-later')).toHaveText('It will be recorded as ready for pickup when a driver accepts.');
  await expect(page.getByTestId('ready-now')).toHaveCount(0);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');
  await expectNoSeriousAxeViolations(page, 'dispatch page, ready kept');
  expect((await readDispatch(request, staff, waiting.id)).ready_at).not.toBeNull();
  // The driver accepts: ready_for_pickup follows in the timeline (live), and the note goes.
  await advanceAsNewDriver(request, waiting.id, ['accepted'], 'Ready Driver');
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'ready_for_pickup', { timeout: 15_000 });
  await expect(timeline(page).last()).toHaveAttribute('data-status', 'ready_for_pickup');
  await expect(page.getByTestId('ready-later')).toHaveCount(0);

  // After acceptance: recorded at once, by the restaurant.
  await page.goto(`/dispatches/${accepted.id}`);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'accepted');
  await page.getByTestId('ready-now').click();
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'ready_for_pickup');
  await expect(timeline(page).last()).toHaveAttribute('data-status', 'ready_for_pickup');
  // The restaurant: by what it is, or (once the live change re-reads the names) by the staff member's name.
  await expect(timeline(page).last().getByTestId('timeline-actor')).toHaveText(/Restaurant|Ready Kitchen Staff/);
  await expect(page.getByTestId('ready-said')).toContainText('Kitchen said ready at');
  await expect(page.getByTestId('ready-later')).toHaveCount(0);

  // After pickup the food has left the kitchen: no kitchen card at all (nothing was planned or
  // said); the drop-off details are locked too.
  await page.goto(`/dispatches/${pickedUp.id}`);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'picked_up');
  await expect(page.getByTestId('pickup-card')).toHaveCount(0);
  await expect(page.getByTestId('ready-now')).toHaveCount(0);
  await expect(page.getByTestId('dropoff-edit')).toHaveCount(0);
  await expect(page.getByTestId('dropoff-locked')).toContainText('Picked up');
});

test('the price, the drop-off details (edited until pickup) and the tracking link copied from the dispatch page', async ({ page, context, request, baseURL }) => {
  const staff = await createStaffAccount(request, 'Price Kitchen');
  const record = await createDispatch(request, staff, 'price', { dropoff_instructions: 'Gate 4', tip: 1000 });
  expect(record.pricing).not.toBeNull();
  expect(record.tracking_url).toBeTruthy();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signIn(page, staff);
  await page.goto(`/dispatches/${record.id}`);

  // The price as the API wrote it; created without a quote.
  await expect(page.getByTestId('price-delivery')).toHaveText(record.pricing!.delivery_price_text);
  await expect(page.getByTestId('price-vat')).toHaveText(record.pricing!.vat_price_text);
  await expect(page.getByTestId('price-total')).toHaveText(record.pricing!.total_price_text);
  await expect(page.getByTestId('price-quoted')).toHaveCount(0);
  await expect(page.getByTestId('price-previous')).toHaveCount(0);

  // The drop-off details, then edited.
  await expect(page.getByTestId('dropoff-instructions')).toHaveText('Gate 4');
  await expect(page.getByTestId('dropoff-tip')).toHaveText('10.00 SAR');
  await expect(page.getByTestId('dropoff-contactless-value')).toHaveText('No');
  await page.getByTestId('dropoff-edit').click();
  const form = page.getByTestId('dropoff-form');
  await expect(form.getByLabel('Instructions for the driver')).toBeFocused();
  await form.getByLabel('Instructions for the driver').fill('Call on arrival, the bell is broken');
  await form.getByLabel('Contactless delivery').check();
  await form.getByLabel('Tip for the driver').fill('-1');
  await form.getByTestId('dropoff-save').click();
  await expect(form.getByText('must not be negative')).toBeVisible();
  await form.getByLabel('Tip for the driver').fill('12.5');
  await expectNoSeriousAxeViolations(page, 'dispatch page, drop-off form');
  await form.getByTestId('dropoff-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('dropoff-instructions')).toHaveText('Call on arrival, the bell is broken');
  await expect(page.getByTestId('dropoff-tip')).toHaveText('12.50 SAR');
  await expect(page.getByTestId('dropoff-contactless-value')).toHaveText('Yes: leave it at the door');
  expect(await readDispatch(request, staff, record.id)).toMatchObject({ dropoff_instructions: 'Call on arrival, the bell is broken', contactless: true, tip: 1250 });

  // The tracking link: copied, and opened in a new tab.
  await expect(page.getByTestId('tracking-url')).toHaveText(record.tracking_url!);
  await expect(page.getByTestId('tracking-open')).toHaveAttribute('href', record.tracking_url!);
  await expect(page.getByTestId('tracking-open')).toHaveAttribute('target', '_blank');
  const card = page.getByTestId('tracking-card');
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(card.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(record.tracking_url);
  await expectNoSeriousAxeViolations(page, 'dispatch page, price and tracking');

  // A destination change reprices: the price before is shown beside the new one.
  const moved = await request.patch(`/ext/dispatch/${record.id}/destination`, { headers: { 'x-api-key': staff.apiKey }, data: { lat: 24.85, lng: 46.8 } });
  expect(moved.status()).toBe(204);
  const after = await readDispatch(request, staff, record.id);
  expect(after.pricing!.total_price_text).not.toBe(record.pricing!.total_price_text);
  await expect(page.getByTestId('price-total')).toHaveText(after.pricing!.total_price_text, { timeout: 15_000 });
  await expect(page.getByTestId('price-previous')).toHaveText(`Was \u2068${record.pricing!.total_price_text}\u2069 before the destination change.`);
});

test('a dispatch scheduled from the New dispatch form ("ready in 90 minutes") waits with its pickup time and the quoted price', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const staff = await createStaffAccount(page.request, 'Schedule Kitchen');
  await signIn(page, staff);
  const branch = await page.request.post('/api/staff/branches', { headers: { origin: baseURL! }, data: { vendor_bid: 'olaya', name: 'Olaya', pickup: OLAYA } });
  expect(branch.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dispatches/new');

  await page.getByText('Enter coordinates').click();
  await page.getByLabel('Destination latitude').fill('24.7743');
  await page.getByLabel('Destination longitude').fill('46.7386');
  await expect(page.getByTestId('estimate-3')).toHaveText(/^\d+\.\d{2} SAR$/);

  // Ready in 90 minutes: the estimate plans the pickup from then.
  await page.getByTestId('ready-mode-in').check();
  await page.getByLabel('Ready in (minutes)').fill('90');
  const plannedPickup = page.getByTestId('estimate-6');
  await expect(plannedPickup.locator('time')).toHaveAttribute('datetime', /T/);
  await expect
    .poll(async () => Date.parse((await plannedPickup.locator('time').getAttribute('datetime'))!) - Date.now(), { timeout: 10_000 })
    .toBeGreaterThan(85 * 60_000);
  await expect(page.getByTestId('quote-held')).toContainText('Prices held until');
  const estimatedTotal = await page.getByTestId('estimate-5').textContent();
  await page.getByLabel('Instructions for the driver').fill('Leave with the guard');
  await page.getByLabel('Contactless delivery').check();
  await page.getByLabel('Tip for the driver').fill('5');
  await page.getByLabel('Phone').fill('+966500000044');
  await page.getByLabel('Email', { exact: true }).fill('huda@example.com');
  await expectNoSeriousAxeViolations(page, 'new dispatch, scheduled');

  const posted = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/staff/dispatches'));
  const submittedAt = Date.now();
  await page.getByRole('button', { name: 'Create dispatch' }).click();
  const body = (await posted).postDataJSON() as { pickup_ready_at: string; quote_id?: string; tip: number; contactless: boolean; dropoff_instructions: string };
  expect(body).toMatchObject({ tip: 500, contactless: true, dropoff_instructions: 'Leave with the guard' });
  expect(body.quote_id).toMatch(/^quo_/);
  expect(Math.abs(Date.parse(body.pickup_ready_at) - (submittedAt + 90 * 60_000))).toBeLessThan(60_000);
  await page.waitForURL(/\/dispatches\/dsp_/);
  const id = new URL(page.url()).pathname.split('/').pop()!;

  // Its page: scheduled, waiting without a driver, the pickup time shown, the quoted price charged.
  await expect(page.getByTestId('scheduled-badge')).toHaveText('Scheduled');
  await expect(page.getByTestId('scheduled-waiting')).toBeVisible();
  await expect(page.getByTestId('driver-card')).toContainText('No driver is assigned yet.');
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');
  const record = await readDispatch(page.request, staff, id);
  expect(record.assigned_driver_id).toBeNull();
  expect(record.pricing?.quote_id).toBe(body.quote_id);
  await expect(page.getByTestId('pickup-ready-at')).toHaveAttribute('data-value', record.pickup_ready_at!);
  await expect(page.getByTestId('pickup-ready-at').locator('time')).toHaveText(/\d{2}:\d{2}/);
  await expect(page.getByTestId('price-quoted')).toHaveText('Quoted');
  await expect(page.getByTestId('price-total')).toHaveText(estimatedTotal!);
  await expect(page.getByTestId('dropoff-tip')).toHaveText('5.00 SAR');
  // Ready now is still possible: the kitchen may finish early.
  await expect(page.getByTestId('ready-now')).toBeEnabled();
  await expectNoSeriousAxeViolations(page, 'dispatch page, scheduled');

  // Cancelled (by the vendor's system, followed live): nothing says "scheduled", "ready now" or
  // "quoted" any more; the card recalls what was planned.
  const cancelled = await page.request.post(`/ext/dispatch/${id}/cancel`, { headers: { 'x-api-key': staff.apiKey }, data: { reason: 'duplicate_order' } });
  expect(cancelled.status()).toBe(200);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
  await expect(page.getByTestId('scheduled-badge')).toHaveCount(0);
  await expect(page.getByTestId('ready-now')).toHaveCount(0);
  await expect(page.getByTestId('price-quoted')).toHaveCount(0);
  await expect(page.getByTestId('pickup-ready-at')).toBeVisible();
});

test('the restaurant controls in Arabic: translated, right to left, no serious axe violation', async ({ page, context, request, baseURL }) => {
  const staff = await createStaffAccount(request, 'Arabic Ready Kitchen');
  const record = await createDispatch(request, staff, 'ready-ar', { tip: 750 });
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, staff);
  await page.goto(`/dispatches/${record.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('ready-now')).toHaveText('جاهز الآن');
  await expect(page.getByTestId('price-card')).toContainText('سعر التوصيل');
  await expect(page.getByTestId('dropoff-tip')).toHaveText('7.50 SAR');
  await expect(page.getByTestId('tracking-card').getByRole('button', { name: 'نسخ الرابط' })).toBeVisible();
  await page.getByTestId('ready-now').click();
  await expect(page.getByTestId('ready-said')).toContainText('أفاد المطبخ بأن الطلب جاهز في');
  await expectNoSeriousAxeViolations(page, 'dispatch page, Arabic');
});

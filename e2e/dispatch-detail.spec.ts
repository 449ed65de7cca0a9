import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { assign, createOpsDriver } from './drivers';
import { order } from './orders';
import { startReceiver } from './receiver';
import { createStaffAccount, createStaffWithWebhook, OPS_HEADERS, signIn } from './staff';

// The dispatch page against the production build: the record, a destination change weighed
// against the estimate, the timeline following the ops API live, the lock once delivered, and
// the webhook deliveries a local receiver answered.

// The order's pickup (e2e/orders.ts) and its customer (moved by the test) are kilometres apart:
// each position here stays a kilometre or more outside the 200 m geofences, so it announces
// ETAs but no near_* status.
const ON_THE_WAY = { lat: 24.7011, lng: 46.6753 };
const NUDGED = { lat: 24.7015, lng: 46.6756 };
const PICKUP = { lat: 24.6953, lng: 46.6851 };

/** A point 70 % of the way from the pickup to `destination`: on the route, kilometres from either end. */
function onTheRouteTo(destination: { lat: number; lng: number }) {
  const along = (from: number, to: number) => Math.round((from + 0.7 * (to - from)) * 1e6) / 1e6;
  return { lat: along(PICKUP.lat, destination.lat), lng: along(PICKUP.lng, destination.lng) };
}

/** A driver's position through the ops API (as their app would send it); its effect on the one dispatch. */
async function locate(request: APIRequestContext, driverId: string, point: { lat: number; lng: number }) {
  const response = await request.post(`/api/ops/drivers/${driverId}/location`, { headers: OPS_HEADERS, data: point });
  expect(response.status()).toBe(200);
  const { dispatches } = (await response.json()).data as { dispatches: { eta_minutes: number }[] };
  expect(dispatches).toHaveLength(1);
  return dispatches[0]!;
}

/** Resolves when the page reads the driver at `point` (the re-read that follows position-only moves). */
function waitForDriverAt(page: Page, driverId: string, point: { lat: number; lng: number }) {
  return page.waitForResponse(
    async (response) => {
      if (!response.url().endsWith(`/api/staff/drivers/${driverId}`) || !response.ok()) return false;
      const { data } = (await response.json()) as { data: { last_position: { lat: number; lng: number } | null } };
      return data.last_position?.lat === point.lat && data.last_position.lng === point.lng;
    },
    { timeout: 15_000 },
  );
}

test('the dispatch page follows a dispatch from new to delivered, with a destination change and its webhooks', async ({ page, request }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const { staff, vendor } = await createStaffWithWebhook(request, 'Detail Kitchen', receiver.url);
    const created = await request.post('/ext/dispatch', { headers: vendor, data: order(`detail-${Date.now()}`) });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data as { id: string };

    await signIn(page, staff);
    await page.goto(`/dispatches/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Dispatch [0-9A-Z]{8}$/);
    await expect(page).toHaveTitle(/^Dispatch [0-9A-Z]{8}/);
    const entries = page.getByTestId('timeline').getByTestId('timeline-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toHaveAttribute('data-status', 'new');
    await expect(entries.first()).toContainText('New');
    await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');
    await expect(page.getByTestId('customer-phone')).toHaveAttribute('href', 'tel:+966500000001');
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
    const currentDestination = page.getByTestId('current-destination');
    await expect(currentDestination).toContainText('24.7743, 46.7386');

    // Keyboard: the focused destination marker moves with the arrow keys; Cancel puts it back.
    const destinationMarker = page.getByRole('button', { name: 'Destination', exact: true });
    await destinationMarker.focus();
    await page.keyboard.press('ArrowUp');
    const panel = page.getByTestId('destination-change');
    await expect(panel).toBeVisible();
    await expect(page.getByLabel('Latitude')).toHaveValue('24.7748');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Change destination' })).toBeFocused();

    // Drag the destination: the new estimate appears beside the current one before anything is saved.
    const marker = page.getByTestId('marker-destination');
    await marker.scrollIntoViewIfNeeded();
    const box = (await marker.boundingBox())!;
    await marker.hover();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 110, box.y + box.height / 2 + 70, { steps: 8 });
    await page.mouse.up();
    await expect(panel).toBeVisible();
    const newTotal = page.getByTestId('estimate-new-estimateTotalTime');
    await expect(newTotal).toHaveAttribute('data-settled', 'true');
    await expect(newTotal).toHaveText(/^\d+ min$/);
    await expect(page.getByTestId('estimate-current-estimateTotalTime')).toHaveText(/^\d+ min$/);
    await expect(page.getByTestId('estimate-new-estimatePrice')).toHaveText(/^\d+\.\d\d SAR$/);
    const lat = Number(await page.getByLabel('Latitude').inputValue());
    const lng = Number(await page.getByLabel('Longitude').inputValue());
    expect(lat).not.toBe(24.7743);
    expect(lng).not.toBe(46.7386);
    await expect(currentDestination).toContainText('24.7743, 46.7386'); // nothing saved yet
    await expectNoSeriousAxeViolations(page);

    const modifiedBefore = await page.getByTestId('modified-at').getAttribute('data-value');
    // No address is known for the dragged pin: the page asks for one (the driver must not get bare coordinates).
    await expect(page.getByTestId('destination-address-hint')).toHaveText('No address is known for this pin: type it for the driver.');
    await page.getByRole('button', { name: 'Confirm new destination' }).click();
    await expect(page.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Address', { exact: true }).fill('Gate 4, moved in e2e');
    await page.getByRole('button', { name: 'Confirm new destination' }).click();
    await expect(page.getByTestId('toast')).toContainText('The destination was changed.');
    await expect(panel).toBeHidden();
    await expect(currentDestination).toContainText(`Gate 4, moved in e2e ${lat}, ${lng}`);
    await expect(page.getByTestId('modified-at')).not.toHaveAttribute('data-value', modifiedBefore!);
    // The history keeps the move, with the address before and after.
    await page.getByTestId('destination-changes').locator('summary').click();
    await expect(page.getByTestId('destination-change-entry')).toHaveCount(1);
    await expect(page.getByTestId('destination-after')).toHaveText('Gate 4, moved in e2e');

    // Persisted: a reload shows the new destination and modification time; so does the vendor API.
    await page.reload();
    await expect(currentDestination).toContainText(`Gate 4, moved in e2e ${lat}, ${lng}`);
    await expect(page.getByTestId('modified-at')).not.toHaveAttribute('data-value', modifiedBefore!);
    const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: vendor })).json()).data;
    expect(record.destination).toEqual({ lat, lng, address_line: 'Gate 4, moved in e2e' });
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');

    // The ops API moves the dispatch on; the open page follows without a reload.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const driverId = await createOpsDriver(request, { name: 'Faisal E2E', phone: '+966511000099', fleet_id: 'fleet-e2e' });
    await assign(request, id, driverId);
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toHaveAttribute('data-status', 'assigned');
    await expect(page.getByTestId('driver-name')).toHaveText('Faisal E2E');
    await expect(page.getByTestId('driver-card')).toContainText('fleet-e2e');

    // The driver reports positions: the pin and the ETA appear without a reload.
    const driverPin = page.getByTestId('marker-driver');
    const position = page.getByTestId('driver-position');
    const eta = page.getByTestId('driver-eta');
    await expect(position).toHaveText('The driver has not reported a position yet.');
    await expect(driverPin).toHaveCount(0);
    const toPickup = await locate(request, driverId, ON_THE_WAY);
    await expect(driverPin).toBeVisible();
    await expect(driverPin).toHaveAccessibleName('Driver’s last position');
    await expect(position).toHaveText(/^Last seen \d+ sec\.? ago$/);
    await expect(eta).toHaveAttribute('data-stop', 'pickup');
    await expect(eta).toHaveText(new RegExp(`^Reaches the pickup in about ${toPickup.eta_minutes} min \\(as of \\d{2}:\\d{2}(:\\d{2})?\\)$`));
    // A small move announces nothing (no event): the page still follows it, re-reading the driver.
    const nudged = waitForDriverAt(page, driverId, NUDGED);
    await locate(request, driverId, NUDGED);
    await nudged;

    const steps = [
      ['accepted', 'Driver accepted'],
      ['picked_up', 'Picked up'],
      ['delivered', 'Delivered'],
    ] as const;
    for (const [index, [status, label]] of steps.entries()) {
      const moved = await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status } });
      expect(moved.status()).toBe(200);
      await expect(entries).toHaveCount(3 + index);
      await expect(entries.last()).toHaveAttribute('data-status', status);
      await expect(entries.last()).toContainText(label);
      await expect(page.getByTestId('timeline-announcement')).toHaveText(`Latest status: ${label}`);
      if (status === 'picked_up') {
        // The estimate to the pickup is history; the next position estimates the way to the customer.
        await expect(eta).toHaveText('No estimate yet: it comes with the driver’s next position.');
        const toCustomer = await locate(request, driverId, onTheRouteTo({ lat, lng }));
        await expect(eta).toHaveAttribute('data-stop', 'destination');
        await expect(eta).toHaveText(new RegExp(`^Reaches the customer in about ${toCustomer.eta_minutes} min `));
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.evaluate(() => window.scrollTo(0, 0));
        // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's pictures: the driver on the way to the customer.
        if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/dispatch-detail.png' });
      }
    }
    await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'delivered');
    // Off duty: where the driver goes next is not the restaurant's to see.
    await expect(driverPin).toHaveCount(0);
    await expect(position).toHaveCount(0);
    await expect(eta).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Delivered: the destination is locked, said why, and the marker no longer moves.
    await expect(page.getByTestId('destination-locked')).toHaveText('The destination can no longer change: this dispatch is “Delivered”.');
    await expect(page.getByRole('button', { name: 'Change destination' })).toHaveCount(0);
    await expect(page.locator('.leaflet-marker-icon', { has: page.getByTestId('marker-destination') })).not.toHaveClass(/leaflet-marker-draggable/);
    await destinationMarker.focus();
    await page.keyboard.press('ArrowUp');
    await expect(panel).toHaveCount(0);
    await expect(currentDestination).toContainText(`${lat}, ${lng}`);

    // Webhook deliveries: one per event (created, moved, assigned ×2, ETA to the pickup, accepted, picked up,
    // ETA to the customer, delivered), all answered 200.
    const deliveries = page.getByTestId('deliveries');
    const rows = deliveries.getByTestId('delivery-row');
    await expect(rows).toHaveCount(9);
    await expect(deliveries.locator('[data-testid="delivery-row"][data-status="succeeded"]')).toHaveCount(9, { timeout: 30_000 });
    await expect(rows.first()).toHaveAttribute('data-event', 'dispatch.status_updated');
    await expect(rows.first().getByTestId('delivery-attempts')).toHaveText('1');
    const disclosure = rows.first().getByRole('button', { name: 'Show attempts of Status updated #9' });
    await disclosure.click();
    await expect(rows.first().getByRole('button', { name: 'Hide attempts of Status updated #9' })).toHaveAttribute('aria-expanded', 'true');
    const attempts = deliveries.getByTestId('attempts-table').getByTestId('attempt-row');
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first()).toContainText('200');
    await expect(attempts.first()).toContainText('ok');
    expect(receiver.received.filter((body) => body.includes(`"${id}"`)).length).toBeGreaterThanOrEqual(9);
    await expectNoSeriousAxeViolations(page);
  } finally {
    await receiver.close();
  }
});

test("an unknown id and another account's dispatch show the page's not-found message", async ({ page, request }) => {
  const owner = await createStaffAccount(request, 'Owner Kitchen');
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': owner.apiKey }, data: order(`foreign-${Date.now()}`) });
  const { id } = (await created.json()).data as { id: string };
  const stranger = await createStaffAccount(request, 'Stranger Kitchen');

  await signIn(page, stranger);
  for (const path of [`/dispatches/${id}`, '/dispatches/dsp_does_not_exist']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispatch not found');
    await expect(page.getByTestId('dispatch-not-found').getByRole('link', { name: 'All dispatches' })).toHaveAttribute('href', '/dispatches');
  }
  await expectNoSeriousAxeViolations(page);
});

test('a destination change refused because the dispatch was delivered meanwhile is explained, not shown as an error', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Race Kitchen');
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`race-${Date.now()}`) });
  const { id } = (await created.json()).data as { id: string };

  // No live updates on this page: it keeps showing the dispatch as it was while ops move it on.
  await page.route('**/api/staff/events', (route) => route.abort());
  await signIn(page, staff);
  await page.goto(`/dispatches/${id}`);
  await page.getByRole('button', { name: 'Change destination' }).click();
  await expect(page.getByLabel('Latitude')).toBeFocused();
  await page.getByLabel('Latitude').fill('24.75');
  await page.getByLabel('Longitude').fill('46.70');
  await page.getByLabel('Address', { exact: true }).fill('Race St 5');
  await expect(page.getByTestId('estimate-new-estimateTotalTime')).toHaveAttribute('data-settled', 'true');

  await assign(request, id, await createOpsDriver(request, { name: 'Race Driver' }));
  for (const status of ['accepted', 'picked_up', 'delivered']) {
    expect((await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status } })).status()).toBe(200);
  }

  await page.getByRole('button', { name: 'Confirm new destination' }).click();
  await expect(page.getByTestId('destination-conflict')).toHaveText(
    'The destination was not changed: the dispatch changed in the meantime and is now “Delivered”, so its destination can no longer move.',
  );
  await expect(page.getByTestId('destination-change')).toHaveCount(0);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'delivered');
  await expect(page.getByTestId('current-destination')).toContainText('24.7743, 46.7386');
});

test('the dispatch page in Arabic: right to left, translated, no serious axe violation', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Arabic Kitchen');
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`ar-${Date.now()}`) });
  const { id } = (await created.json()).data as { id: string };
  await signIn(page, staff);
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: page.url() }]);
  await page.goto(`/dispatches/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^طلب التوصيل [0-9A-Z]{8}$/);
  await expect(page.getByTestId('timeline-entry')).toContainText('جديد');
  await expect(page.getByTestId('deliveries-empty')).toContainText('لا يوجد ويب هوك مسجّل');
  const driver = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: 'سائق الاختبار' } });
  const driverId = (await driver.json()).data.id as string;
  await request.post(`/api/ops/dispatches/${id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } });
  await expect(page.getByTestId('driver-position')).toHaveText('لم يُرسل السائق موقعه بعد.');
  const toPickup = await locate(request, driverId, ON_THE_WAY);
  await expect(page.getByTestId('marker-driver')).toHaveAccessibleName('آخر موقع للسائق');
  await expect(page.getByTestId('driver-position')).toContainText('آخر ظهور');
  await expect(page.getByTestId('driver-eta')).toContainText(`يصل إلى نقطة الاستلام خلال ${toPickup.eta_minutes} دقيقة تقريبًا`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'تغيير الوجهة' }).click();
  await expect(page.getByTestId('estimate-new-estimateTotalTime')).toHaveAttribute('data-settled', 'true');
  await expect(page.getByTestId('estimate-new-estimateTotalTime')).toHaveText(/^\d+ دقيقة$/);
  await expectNoSeriousAxeViolations(page);
});

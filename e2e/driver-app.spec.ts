import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startWebhookReceiver } from '../test/webhook-receiver';
import { createAdmin } from './admin';
import { assign, createDispatch, createDriver, createVendor, goOnDuty, keptJobCopies, PHONE, phoneContext, openJobOnPhone, signInDriver, statusesOf } from './drivers';
import { createStaffAccount } from './staff';

// Issue 20's driver app on a phone (390×844, touch, emulated geolocation) against the production
// build: real drivers signed in with phone and PIN take offers (one let time out moves to the next
// driver, one declined moves at once), drive, prove and deliver or report a failed delivery; a
// wrong PIN is refused; a status made without signal lands
// once when the signal returns; the app lays out right to left in Arabic. The e2e server runs
// with DRIVER_OFFER_TIMEOUT_S=8 (playwright.config.ts).

test.use({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 21.6, longitude: 39.2 } });

const NEAR_PICKUP = { latitude: 21.5436, longitude: 39.173 };
const NEAR_DESTINATION = { latitude: 21.5631, longitude: 39.1926 };
const DOOR_PHOTO = path.join(import.meta.dirname, 'fixtures', 'door-photo.jpg');

test('sign in, go on duty, let an offer time out to the next driver, accept, drive, photo proof, deliver', async ({ browser, page, context, request }) => {
  test.setTimeout(240_000);
  const receiver = await startWebhookReceiver();
  const secondContext = await phoneContext(browser, { latitude: 21.548, longitude: 39.176 });
  try {
    const account = await createVendor(request, 'Driver App Kitchen', 'photo');
    expect((await request.post('/ext/webhook', { headers: { 'x-api-key': account.apiKey }, data: { webhook: receiver.url } })).status()).toBe(204);

    // Two drivers on duty: the first right at the pickup (nearest), the second 600 m away.
    const [first, second] = [await createDriver(request, 'Nearest Driver'), await createDriver(request, 'Second Driver')];
    await context.setGeolocation({ latitude: 21.544, longitude: 39.173 });
    await signInDriver(page, first);
    await goOnDuty(page);
    const secondPage = await secondContext.newPage();
    const pageErrors: string[] = [];
    for (const each of [page, secondPage]) each.on('pageerror', (error) => pageErrors.push(error.message));
    await signInDriver(secondPage, second);
    await goOnDuty(secondPage);

    const id = await createDispatch(request, account, `DRV-${Date.now()}`);

    // The nearest driver gets the offer with a countdown, and lets it run out: it disappears...
    const offer = page.getByTestId('offer-card');
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('offer-countdown')).toHaveText(/\d+ s left/);
    await expect(offer).toBeHidden({ timeout: 15_000 });
    // ...and moves to the next nearest driver, who accepts it. Offers change no status.
    const secondOffer = secondPage.getByTestId('offer-card');
    await expect(secondOffer).toBeVisible({ timeout: 15_000 });
    if (process.env.SCREENSHOTS) await secondPage.screenshot({ path: 'e2e/screenshots/driver-offer.png' });
    expect(await statusesOf(request, account, id)).toEqual(['new']);
    await secondPage.getByTestId('offer-accept').click();
    await secondPage.waitForURL(`**/driver/jobs/${id}`);
    await expect(secondPage.getByTestId('job-status')).toHaveText(/accepted/i);
    await expect(page.getByTestId('offer-card')).toHaveCount(0);
    expect(await statusesOf(request, account, id)).toEqual(['new', 'assigned', 'accepted']);

    // The job screen: map, restaurant, order, customer's tap-to-call, "navigate" to the pickup.
    await expect(secondPage.getByRole('region', { name: 'Route map' })).toBeVisible();
    await expect(secondPage.getByTestId('order-items')).toContainText('2 × Shawarma plate');
    await expect(secondPage.getByTestId('call-customer')).toHaveAttribute('href', /^tel:\+966/);
    await expect(secondPage.getByTestId('dropoff-instructions')).toHaveText('Gate code 4521, second floor');
    await expect(secondPage.getByTestId('contactless')).toBeVisible();
    await expect(secondPage.getByTestId('tip')).toContainText('15');
    await expect(secondPage.getByTestId('marker-pickup')).toBeVisible();
    await expect(secondPage.getByTestId('marker-destination')).toBeVisible();
    if (process.env.SCREENSHOTS) await secondPage.screenshot({ path: 'e2e/screenshots/driver-job.png' });
    await expect(secondPage.getByTestId('navigate')).toHaveAttribute('href', /destination=21\.543300%2C39\.172800/);

    // Drive to the pickup: near_pickup is recorded from the phone's positions.
    await secondContext.setGeolocation({ latitude: 21.546, longitude: 39.175 });
    await secondContext.setGeolocation(NEAR_PICKUP);
    await expect.poll(() => statusesOf(request, account, id), { timeout: 30_000 }).toContain('near_pickup');
    await secondPage.getByTestId('action-picked_up').click();
    await expect(secondPage.getByTestId('job-status')).toHaveText(/picked up/i);
    await expect(secondPage.getByTestId('navigate')).toHaveAttribute('href', /destination=21\.563300%2C39\.192800/);

    // Drive to the customer: near_destination, once.
    await secondContext.setGeolocation({ latitude: 21.555, longitude: 39.184 });
    await secondContext.setGeolocation(NEAR_DESTINATION);
    await expect.poll(() => statusesOf(request, account, id), { timeout: 30_000 }).toContain('near_destination');

    // Proof: "Delivered" without the photo is refused on the phone; with it, the dispatch is delivered.
    await secondPage.getByTestId('action-delivered').click();
    await expect(secondPage.getByTestId('proof-missing')).toBeVisible();
    await secondPage.getByTestId('proof-photo').setInputFiles(DOOR_PHOTO);
    await expect(secondPage.getByTestId('proof-photo-preview')).toBeVisible();
    await expect(secondPage.getByTestId('proof-missing')).toHaveCount(0);
    await secondPage.getByTestId('proof-form').scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOTS) await secondPage.screenshot({ path: 'e2e/screenshots/driver-proof.png' });
    await secondPage.getByTestId('action-delivered').click();
    await expect(secondPage.getByTestId('job-status')).toHaveText(/delivered/i);
    await expect(secondPage.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');

    const statuses = await statusesOf(request, account, id);
    expect(statuses).toEqual(['new', 'assigned', 'accepted', 'near_pickup', 'picked_up', 'near_destination', 'delivered']);

    // The vendor reads the photo through media_url; another account's key gets 404 for it.
    const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': account.apiKey } })).json()).data;
    const photoUrl = new URL(record.media_url.photo as string);
    const photo = await request.get(photoUrl.pathname, { headers: { 'x-api-key': account.apiKey } });
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toMatch(/^image\//);
    const stranger = await createStaffAccount(request, 'Other Kitchen');
    expect((await request.get(photoUrl.pathname, { headers: { 'x-api-key': stranger.apiKey }, maxRedirects: 0 })).status()).toBe(404);

    // The vendor's webhooks arrived in the order of the statuses.
    const events = () =>
      receiver.received
        .map((entry) => JSON.parse(entry.body) as { type: string; payload: { id: string; status: { status: string }[] } })
        .filter((event) => event.type === 'dispatch.status_updated' && event.payload.id === id)
        .map((event) => event.payload.status.at(-1)!.status);
    await expect.poll(() => events().includes('delivered'), { timeout: 20_000 }).toBe(true);
    expect([...new Set(events())]).toEqual(statuses);
    expect(pageErrors).toEqual([]);
  } finally {
    await secondContext.close();
    await receiver.close();
  }
});

test('a declined offer moves to the next driver at once, who reports a failed delivery with its reason, note and photo', async ({ browser, page, context, request }) => {
  test.setTimeout(180_000);
  // Dammam, far from the other tests' drivers, who may still be on duty: the nearest drivers are these two.
  const places = {
    pickup: { lat: 26.4333, lng: 50.1, address_line: 'King Saud St, Dammam' },
    destination: { lat: 26.4533, lng: 50.12, address_line: 'Al Faisaliyah, Dammam' },
  };
  const secondContext = await phoneContext(browser, { latitude: 26.438, longitude: 50.104 });
  try {
    const vendor = await createVendor(request, 'Failed Delivery Kitchen', 'none');
    const [first, second] = [await createDriver(request, 'Declining Driver'), await createDriver(request, 'Reporting Driver')];
    await context.setGeolocation({ latitude: 26.4336, longitude: 50.1002 });
    await signInDriver(page, first);
    await goOnDuty(page);
    const secondPage = await secondContext.newPage();
    await signInDriver(secondPage, second);
    await goOnDuty(secondPage);
    const id = await createDispatch(request, vendor, `FAIL-${Date.now()}`, places);

    // The nearest driver declines: the prompt goes at once, and the next driver's offer is made
    // then, not when the declined one would have expired.
    const offer = page.getByTestId('offer-card');
    await expect(offer).toBeVisible({ timeout: 15_000 });
    const declined = (await (await page.request.get('/api/driver/me')).json()).data.offer as { id: string; expires_at: string };
    await page.getByTestId('offer-decline').click();
    await expect(offer).toBeHidden({ timeout: 1_000 });
    await expect(secondPage.getByTestId('offer-card')).toBeVisible({ timeout: 15_000 });
    const next = (await (await secondPage.request.get('/api/driver/me')).json()).data.offer as { id: string; created_at: string };
    expect(next.id).not.toBe(declined.id);
    expect(Date.parse(next.created_at)).toBeLessThan(Date.parse(declined.expires_at));
    expect(await statusesOf(request, vendor, id)).toEqual(['new']);

    await secondPage.getByTestId('offer-accept').click();
    await secondPage.waitForURL(`**/driver/jobs/${id}`);
    await secondPage.getByTestId('action-picked_up').click();
    await expect(secondPage.getByTestId('job-status')).toHaveText(/picked up/i);

    // "Delivery failed": a reason is required; the note and the photo go with it.
    await secondPage.getByTestId('action-failed').click();
    const form = secondPage.getByTestId('failure-form');
    await expect(form).toBeVisible();
    await expect(secondPage.getByTestId('submit-failure')).toBeDisabled();
    await form.getByLabel('Wrong address').check();
    await form.getByLabel('Note (optional)').fill('No building 12 on this street');
    await secondPage.getByTestId('failure-photo').setInputFiles(DOOR_PHOTO);
    await expect(secondPage.getByTestId('failure-photo-preview')).toBeVisible();
    await secondPage.getByTestId('submit-failure').click();
    await expect(secondPage.getByTestId('job-status')).toHaveText(/cancelled/i);
    await expect(secondPage.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');

    // The vendor sees it within the spec's statuses: cancelled after pickup, by the driver, with the failure and its photo.
    const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': vendor.apiKey } })).json()).data;
    expect(record.status.map((entry: { status: string }) => entry.status)).toEqual(['new', 'assigned', 'accepted', 'picked_up', 'cancelled']);
    expect(record.cancellation).toMatchObject({
      reason: 'delivery_failed',
      by: { ref_type: 'driver', ref_id: second.id },
      failure: { reason: 'wrong_address', note: 'No building 12 on this street' },
    });
    const photo = await request.get(new URL(record.media_url.failure_photo as string).pathname, { headers: { 'x-api-key': vendor.apiKey } });
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toMatch(/^image\//);
  } finally {
    await secondContext.close();
  }
});

test('a signature proves a delivery, and a PIN delivery refuses a wrong PIN', async ({ page, request }) => {
  test.setTimeout(120_000);
  const driver = await createDriver(request, 'Proof Driver');
  await signInDriver(page, driver);

  // Signature: an admin's assignment, accepted in the app.
  const signatureVendor = await createVendor(request, 'Signature Kitchen', 'signature');
  const signed = await createDispatch(request, signatureVendor, `SIG-${Date.now()}`);
  await assign(request, signed, driver.id);
  await page.goto(`/driver/jobs/${signed}`);
  await page.getByTestId('action-accepted').click();
  await expect(page.getByTestId('job-status')).toHaveText(/accepted/i);
  await expect.poll(async () => (await keptJobCopies(page)).some((key) => key.includes(signed))).toBe(true);
  await page.getByTestId('action-picked_up').click();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  // The page settles (the server's answer replaces the phone's guess) before the customer signs;
  // the pad's Clear button enables once ink is on it, so a stroke that missed the pad is drawn again.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');
  const pad = page.getByTestId('signature-pad');
  await expect(async () => {
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (const [x, y] of [[80, 60], [140, 150], [200, 50], [260, 140], [320, 80]] as const) await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('proof-missing')).toHaveCount(0);
  await expect(page.getByTestId('action-error')).toHaveCount(0);
  await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');
  // The job was kept on the phone while under way; once delivered, its copy (and its customer) is gone.
  await expect.poll(async () => (await keptJobCopies(page)).some((key) => key.includes(signed)), { timeout: 20_000 }).toBe(false);
  const signedRecord = (await (await request.get(`/ext/dispatch/${signed}`, { headers: { 'x-api-key': signatureVendor.apiKey } })).json()).data;
  expect(Object.keys(signedRecord.media_url ?? {})).toContain('signature');

  // PIN: a wrong one is refused and the delivery stays picked up.
  const pinVendor = await createVendor(request, 'PIN Kitchen', 'pin');
  const pinned = await createDispatch(request, pinVendor, `PIN-${Date.now()}`);
  await assign(request, pinned, driver.id);
  const tracking = (await (await request.get(`/ext/dispatch/${pinned}`, { headers: { 'x-api-key': pinVendor.apiKey } })).json()).data.tracking_url as string;
  const view = JSON.stringify(await (await request.get(`/api/track/${tracking.split('/t/')[1]}`)).json());
  const realPin = /"(?:delivery_)?pin"\s*:\s*"(\d{4})"/.exec(view)?.[1];
  const wrongPin = realPin === '0000' ? '1111' : '0000';
  await page.goto(`/driver/jobs/${pinned}`);
  await page.getByTestId('action-accepted').click();
  await page.getByTestId('action-picked_up').click();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  await page.getByLabel('Customer’s PIN').fill(wrongPin);
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('action-error')).toContainText('Wrong PIN');
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  expect(await statusesOf(request, pinVendor, pinned)).not.toContain('delivered');
  if (realPin) {
    await page.getByLabel('Customer’s PIN').fill(realPin);
    await page.getByTestId('action-delivered').click();
    await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
  }
});

test('a status made without signal waits on the phone and lands once when the signal returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const driver = await createDriver(request, 'Offline Driver');
  const vendor = await createVendor(request, 'Offline Kitchen', 'none');
  // The service worker controls the app before the signal goes (it keeps the shell).
  const id = await openJobOnPhone(page, request, { vendor, driver, orderId: `OFF-${Date.now()}` });
  await page.getByTestId('action-accepted').click();
  await expect(page.getByTestId('job-status')).toHaveText(/accepted/i);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');

  await context.setOffline(true);
  await page.getByTestId('action-picked_up').click();
  // Applied on the phone at once, and shown as waiting.
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  await expect(page.getByTestId('job-pending')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '1');
  await expect(page.getByTestId('sync-status')).toContainText('1 waiting to sync');
  // The app restarted without signal: the service worker serves its shell, the outbox is still
  // there (IndexedDB), and so is the job: its details, with the status waiting to sync on top.
  await page.reload();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '1');
  await expect(page.getByTestId('dropoff-instructions')).toHaveText('Gate code 4521, second floor');
  await expect(page.getByTestId('call-customer')).toHaveAttribute('href', /^tel:\+966/);
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  await page.goto('/driver');
  await expect(page.getByTestId('job-list')).toContainText('Al Rawdah, Jeddah');
  await page.goto(`/driver/jobs/${id}`);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '1');
  expect(await statusesOf(request, vendor, id)).not.toContain('picked_up');

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  await expect(page.getByTestId('job-pending')).toHaveCount(0);
  const statuses = await statusesOf(request, vendor, id);
  expect(statuses.filter((status) => status === 'picked_up')).toHaveLength(1);
  expect(statuses.at(-1)).toBe('picked_up');
});

test('a phone whose clock runs five minutes fast still reports its position, stamped in the server’s time', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const driver = await createDriver(request, 'Fast Clock Driver');
  const phone = await phoneContext(browser, { latitude: 26.5, longitude: 50.0 });
  try {
    await phone.clock.install({ time: Date.now() + 5 * 60_000 });
    const page = await phone.newPage();
    await signInDriver(page, driver);
    expect((await page.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(4 * 60_000);
    // Stamped by the phone's clock, its positions would be five minutes in the server's future and refused.
    await goOnDuty(page);
    const me = (await (await page.request.get('/api/driver/me')).json()).data;
    expect(Math.abs(Date.parse(me.driver.last_position_at) - Date.now())).toBeLessThan(30_000);
    await page.getByTestId('duty-switch').click();
    await expect(page.getByTestId('duty-switch')).toHaveAttribute('aria-checked', 'false');
  } finally {
    await phone.close();
  }
});

test('a one-time sign-in link signs the phone in on a tap, and only once', async ({ browser, page, request, playwright, baseURL }) => {
  const driver = await createDriver(request, 'Link Driver');
  const admin = await createAdmin(request);
  const adminApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL!).origin } });
  try {
    expect((await adminApi.post('/api/session', { data: admin })).status()).toBe(200);
    const made = await adminApi.post(`/api/admin/drivers/${driver.id}/sign-in-link`);
    expect([200, 201]).toContain(made.status());
    const linkPath = new URL((await made.json()).data.url as string).pathname;
    expect(linkPath).toMatch(/^\/driver\/link\//);

    // Opening the link (as a chat app's preview would) spends nothing; the tap does.
    await page.goto(linkPath);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in as driver' }).click();
    await page.waitForURL(/\/driver$/);
    await expect(page.getByTestId('duty-switch')).toBeVisible();

    const other = await browser.newContext(PHONE);
    const otherPage = await other.newPage();
    await otherPage.goto(linkPath);
    await otherPage.getByRole('button', { name: 'Sign in as driver' }).click();
    await expect(otherPage.getByTestId('link-error')).toContainText('already used or has expired');
    await other.close();
  } finally {
    await adminApi.dispose();
  }
});

test('the driver app is installable: manifest, icons and a service worker scoped to /driver', async ({ page, request }) => {
  const manifest = await request.get('/driver.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = await manifest.json();
  expect(body).toMatchObject({ start_url: '/driver', scope: '/driver', display: 'standalone' });
  for (const icon of body.icons as { src: string; sizes: string }[]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  const driver = await createDriver(request, 'Install Driver');
  await signInDriver(page, driver);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/driver.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/driver');
});

test('the driver app in Arabic is laid out right to left and fits the phone', async ({ page, context, request, baseURL }) => {
  const driver = await createDriver(request, 'سائق عربي');
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await page.goto('/driver/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'دخول السائق' })).toBeVisible();
  await signInDriver(page, driver);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('duty-state')).toHaveText('خارج الخدمة');
  // The duty switch's knob starts on the right in Arabic (inline-start), and nothing scrolls sideways.
  const switchBox = (await page.getByTestId('duty-switch').boundingBox())!;
  const stateBox = (await page.getByTestId('duty-state').boundingBox())!;
  expect(switchBox.x).toBeLessThan(stateBox.x);
  expect(switchBox.height).toBeGreaterThanOrEqual(48);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

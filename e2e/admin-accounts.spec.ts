import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { expectNoSeriousAxeViolations } from './axe';
import { order } from './orders';
import { OPS_HEADERS } from './staff';

// The admin console's accounts, drivers, fleets and live map against the production build:
// every action through the console's pages, checked against the vendor and ops APIs.

test.use({ viewport: { width: 1366, height: 900 } });

/** A webhook receiver on 127.0.0.1 (the e2e server allows private URLs) that fails while told to. */
async function startReceiver() {
  const state = { isFailing: false, received: [] as string[] };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      state.received.push(body);
      // The registration ping must succeed; deliveries fail while `isFailing`.
      const status = state.isFailing && !body.includes('webhook.ping') ? 500 : 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Creates a dispatch over the vendor API and reads back its id and short code. */
async function createDispatch(request: APIRequestContext, vendor: Record<string, string>, body: unknown): Promise<{ id: string; r_id: string }> {
  const created = await request.post('/ext/dispatch', { headers: vendor, data: body });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  return (await (await request.get(`/ext/dispatch/${id}`, { headers: vendor })).json()).data as { id: string; r_id: string };
}

async function inArabic(page: Page, check: () => Promise<void>) {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: page.url() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await check();
  await page.context().addCookies([{ name: 'locale', value: 'en', url: page.url() }]);
}

async function noToasts(page: Page) {
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
}

test('accounts: create with the key shown once, staff sign-in, tariff, webhook paused and re-enabled', async ({ page, request }) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    const admin = await createAdmin(request);
    await signInAdmin(page, admin);
    // "No webhook yet" is an answer, not an error: the account page used to read it as a 404,
    // which the browser logs (the 400s of the refused forms below are expected).
    const notFoundLogged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /\b404\b/.test(message.text())) notFoundLogged.push(message.text());
    });
    await page.goto('/admin/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();

    // Create: the key and the secret are shown once, in a dialog.
    const name = 'Shawarma Corner';
    const form = page.getByTestId('new-account');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('must not be empty')).toBeVisible();
    await form.getByLabel('Account name').fill(name);
    await form.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: `Account ${name} created` });
    await expect(dialog).toBeVisible();
    const apiKey = await dialog.getByTestId('created-api-key').inputValue();
    expect(apiKey).toMatch(/^dsp_/);
    expect(await dialog.getByTestId('created-webhook-secret').inputValue()).toMatch(/^whsec_/);
    const vendor = { 'x-api-key': apiKey };
    expect((await request.get('/ext/dispatches', { headers: vendor })).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toContainText(apiKey);
    await page.getByTestId('accounts-table').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(apiKey);
    const keyRows = page.getByTestId('account-keys').getByTestId('account-key-row');
    await expect(keyRows).toHaveCount(1);
    await expect(keyRows.first()).toContainText(apiKey.slice(0, 12));

    // A staff sign-in, which then works on the sign-in page's API.
    const users = page.getByTestId('account-users');
    const email = `front-desk-${Date.now()}@e2e.example`;
    await users.getByLabel('Name').fill('Front Desk');
    await users.getByLabel('Email').fill(email);
    await users.getByLabel('Initial password').fill('short');
    await users.getByRole('button', { name: 'Add staff' }).click();
    await expect(users.getByText('must be at least 10 characters')).toBeVisible();
    await users.getByLabel('Initial password').fill('correct horse battery staple');
    await users.getByRole('button', { name: 'Add staff' }).click();
    await expect(users.getByTestId('account-user-row')).toHaveCount(1);
    await expect(users.getByTestId('account-user-row')).toContainText(email);
    const staffSignIn = await request.post('/api/session', {
      headers: { origin: new URL(page.url()).origin },
      data: { email, password: 'correct horse battery staple' },
    });
    expect(staffSignIn.status()).toBe(200);

    // The tariff: a bad currency is refused in place; a good tariff prices the next estimate.
    const tariff = page.getByTestId('account-tariff');
    await tariff.getByLabel('Currency').fill('XYZ');
    await tariff.getByRole('button', { name: 'Save tariff' }).click();
    await expect(tariff.getByText('is not an ISO 4217 currency code')).toBeVisible();
    await tariff.getByLabel('Currency').fill('KWD');
    await tariff.getByLabel('Base fare').fill('1.250');
    await tariff.getByLabel('Per km').fill('0.300');
    await tariff.getByLabel('Minimum fare').fill('2.000');
    await tariff.getByLabel('VAT (%)').fill('5');
    await tariff.getByRole('button', { name: 'Save tariff' }).click();
    const summary = tariff.getByTestId('tariff-summary');
    for (const part of ['1.250 KWD', '0.300 KWD', 'per km, at least', '2.000 KWD', 'VAT 5 %']) await expect(summary).toContainText(part);
    const estimate = await request.post('/ext/estimate', {
      headers: vendor,
      data: { pickup: { lat: 24.7136, lng: 46.6753 }, destination: { lat: 24.7743, lng: 46.7386 } },
    });
    expect(estimate.status()).toBe(200);
    expect(JSON.stringify(await estimate.json())).toContain('KWD');

    // The webhook: register a receiver, watch it fail, pause it, then enable it from the console.
    const webhook = page.getByTestId('account-webhook');
    await expect(webhook.getByText('This account has not registered a webhook URL.')).toBeVisible();
    expect(notFoundLogged).toEqual([]);
    expect((await request.post('/ext/webhook', { headers: vendor, data: { webhook: receiver.url } })).status()).toBe(204);
    await expect(webhook.getByTestId('webhook-health')).toHaveAttribute('data-health', 'healthy');
    receiver.state.isFailing = true;
    expect((await request.post('/ext/dispatch', { headers: vendor, data: order(`console-${Date.now()}`) })).status()).toBe(201);
    await expect(webhook.getByTestId('webhook-health')).toHaveAttribute('data-health', 'failing', { timeout: 15_000 });
    await expect(webhook.getByTestId('webhook-pending')).toHaveText('1');

    await webhook.getByRole('button', { name: 'Pause deliveries' }).click();
    const pause = page.getByRole('dialog', { name: 'Pause this account’s webhook?' });
    await pause.getByRole('button', { name: 'Pause deliveries' }).click();
    await expect(pause.getByText('must not be empty')).toBeVisible();
    await pause.getByLabel('Reason').fill('Receiver returns 500 since the deploy');
    await pause.getByRole('button', { name: 'Pause deliveries' }).click();
    await expect(pause).toBeHidden();
    await expect(webhook.getByTestId('webhook-health')).toHaveAttribute('data-health', 'disabled');
    await expect(webhook.getByTestId('webhook-disabled')).toContainText(`Paused by ${admin.email}: Receiver returns 500 since the deploy`);
    // The vendor sees the same state on the API.
    expect((await (await request.get('/ext/webhook', { headers: vendor })).json()).data.status).toBe('disabled');

    if (process.env.SCREENSHOTS) {
      await noToasts(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: 'e2e/screenshots/admin-accounts.png', fullPage: true });
    }
    await expectNoSeriousAxeViolations(page);

    receiver.state.isFailing = false;
    const deliveredBefore = receiver.state.received.length;
    await webhook.getByRole('button', { name: 'Enable again' }).click();
    await expect(webhook.getByTestId('webhook-health')).toHaveAttribute('data-health', 'healthy', { timeout: 15_000 });
    await expect(webhook.getByTestId('webhook-pending')).toHaveText('0', { timeout: 15_000 });
    await expect(webhook.getByTestId('webhook-disabled')).toHaveCount(0);
    expect(receiver.state.received.length).toBeGreaterThan(deliveredBefore);

    // Revoke the first key from the console: the vendor API refuses it at once.
    await keyRows.first().getByRole('button', { name: /^Revoke/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(keyRows.first()).toContainText('Revoked');
    expect((await request.get('/ext/dispatches', { headers: vendor })).status()).toBe(401);

    await inArabic(page, async () => {
      await expect(page.getByRole('heading', { level: 2, name: 'التسعيرة' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'account page (ar)');
      if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-account-ar.png', fullPage: true });
      await page.goto('/admin/accounts');
      await expect(page.getByTestId('account-row').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'accounts (ar)');
    });
    await page.goto('/admin/accounts');
    await expect(page.getByTestId('account-row').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'accounts (en)');
  } finally {
    await receiver.close();
  }
});

test('drivers and fleets: create, edit, deactivate (then refused for assignment), fleet counts', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createAdmin(request);
  await signInAdmin(page, admin);

  // A fleet, created on the fleets page.
  const fleetName = 'North Riyadh';
  await page.goto('/admin/fleets');
  const newFleet = page.getByTestId('new-fleet');
  await newFleet.getByLabel('Fleet name').fill(fleetName);
  await newFleet.getByRole('button', { name: 'Create fleet' }).click();
  const fleetRow = page.getByTestId('fleet-row').filter({ hasText: fleetName });
  await expect(fleetRow).toHaveCount(1);

  // A driver in it, created on the drivers page.
  const driverName = 'Khalid Al-Mutairi';
  await page.goto('/admin/drivers');
  const newDriver = page.getByTestId('new-driver');
  await newDriver.getByLabel('Name').fill(driverName);
  await newDriver.getByLabel('Phone').fill('+966501234567');
  await newDriver.getByLabel('Fleet').selectOption({ label: fleetName });
  await newDriver.getByRole('button', { name: 'Add driver' }).click();
  await page.getByLabel('Search').fill(driverName);
  const driverRow = page.getByTestId('driver-row').filter({ hasText: driverName });
  await expect(driverRow).toHaveCount(1);
  await expect(driverRow).toContainText(fleetName);
  await expect(driverRow).toContainText('Active');
  await expect(driverRow).toContainText('No position yet');
  // The filters live in the address bar: a reload keeps them.
  await expect(page).toHaveURL(/[?&]q=Khalid/);
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(driverName);
  await expect(driverRow).toHaveCount(1);

  // Edit on the driver's page.
  await driverRow.getByRole('link', { name: driverName }).click();
  await expect(page.getByRole('heading', { level: 1, name: driverName })).toBeVisible();
  const driverId = (await page.locator('h1 + p bdi').textContent())!.trim();
  const driverForm = page.getByTestId('driver-form');
  await expect(driverForm.getByLabel('Fleet').locator('option:checked')).toHaveText(fleetName);
  await driverForm.getByLabel('Name').fill('');
  await driverForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(driverForm.getByText('must not be empty')).toBeVisible();
  await driverForm.getByLabel('Name').fill(`${driverName} A.`);
  await driverForm.getByLabel('Phone').fill('+966509999999');
  await driverForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Changes saved.' })).toBeVisible();
  const read = await (await page.request.get(`/api/admin/drivers/${driverId}`)).json();
  expect(read.data).toMatchObject({ name: `${driverName} A.`, phone: '+966509999999', is_active: true });

  // The driver's dispatches across accounts, then deactivation: assignment is refused.
  const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Driver Page Kitchen' } });
  const vendor = { 'x-api-key': (await account.json()).data.api_key as string };
  const first = await createDispatch(request, vendor, order(`drv-${Date.now()}-1`));
  const second = await createDispatch(request, vendor, order(`drv-${Date.now()}-2`));
  expect((await request.post(`/api/ops/dispatches/${first.id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);
  await expect(page.getByTestId('driver-dispatches').getByRole('link', { name: first.r_id })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('driver-dispatches')).toContainText('Driver assigned');

  await driverForm.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${driverName} A.?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('driver-inactive')).toBeVisible();
  const refused = await request.post(`/api/ops/dispatches/${second.id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error_desc).toContain('no active driver');

  if (process.env.SCREENSHOTS) {
    // The list with a few drivers in different states, positions reported a moment ago.
    for (const [index, name] of ['Sara Al-Dosari', 'Yousef Al-Qahtani', 'Reem Al-Shehri'].entries()) {
      const made = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name, phone: `+96650000010${index}`, fleet_id: 'riyadh-central' } });
      const id = (await made.json()).data.id as string;
      if (index < 2) await request.post(`/api/ops/drivers/${id}/location`, { headers: OPS_HEADERS, data: { lat: 24.7 + index / 100, lng: 46.67 } });
    }
    await page.goto('/admin/drivers');
    await expect(page.getByTestId('driver-row').first()).toBeVisible();
    await noToasts(page);
    await page.screenshot({ path: 'e2e/screenshots/admin-drivers.png' });
  }

  await page.goto(`/admin/drivers/${driverId}`);
  await expect(page.getByTestId('driver-inactive')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'driver (en)');

  // Fleet counts: one driver, none active.
  await page.goto('/admin/fleets');
  const row = page.getByTestId('fleet-row').filter({ hasText: fleetName });
  await expect(row.locator('td').nth(1)).toHaveText('1');
  await expect(row.locator('td').nth(2)).toHaveText('0');
  await expectNoSeriousAxeViolations(page, 'fleets (en)');

  // Rename the fleet in its dialog.
  await row.getByRole('button', { name: `Rename — ${fleetName}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${fleetName}` });
  await rename.getByLabel('New name').fill(`${fleetName} (renamed)`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('fleet-row').filter({ hasText: `${fleetName} (renamed)` })).toHaveCount(1);

  await inArabic(page, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'الأساطيل' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'fleets (ar)');
    await page.goto('/admin/drivers');
    await expect(page.getByTestId('driver-row').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'drivers (ar)');
    if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-drivers-ar.png' });
    await page.goto(`/admin/drivers/${driverId}`);
    await expect(page.getByTestId('driver-inactive')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'driver (ar)');
    if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-driver-ar.png', fullPage: true });
  });
  await page.goto('/admin/drivers');
  await expect(page.getByTestId('driver-row').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'drivers (en)');
});

test('live map: a driver who moves moves on the map without a reload; a dispatch opens from its pin', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createAdmin(request);
  const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Map Kitchen' } });
  const vendor = { 'x-api-key': (await account.json()).data.api_key as string };
  const created = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: 'Faisal Al-Ghamdi', fleet_id: 'riyadh-central' } });
  const driver = (await created.json()).data as { id: string; name: string };
  const moveTo = async (lat: number, lng: number) =>
    expect((await request.post(`/api/ops/drivers/${driver.id}/location`, { headers: OPS_HEADERS, data: { lat, lng } })).status()).toBe(200);
  await moveTo(24.70001, 46.67001);
  // Its own pickup, so no other test's pin lies on top of it.
  const body = { ...order(`map-${Date.now()}`), pickup: { lat: 24.6655, lng: 46.7111 } };
  const dispatch = await createDispatch(request, vendor, body);

  if (process.env.SCREENSHOTS) {
    // A few more drivers and dispatches around Riyadh, so the picture shows a working map; a
    // sandbox account's dispatches get simulated drivers (violet) that move on their own.
    const sandbox = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Sandbox Bistro' } });
    const sandboxAccount = (await sandbox.json()).data as { id: string; api_key: string };
    await request.patch(`/api/ops/accounts/${sandboxAccount.id}/modes`, { headers: OPS_HEADERS, data: { sandbox: true, sandbox_speed_kmh: 25 } });
    for (const [index, [lat, lng]] of ([[24.7012, 46.6402], [24.7561, 46.7003]] as const).entries()) {
      await request.post('/ext/dispatch', {
        headers: { 'x-api-key': sandboxAccount.api_key },
        data: { ...order(`sandbox-shot-${Date.now()}-${index}`), pickup: { lat, lng }, destination: { lat: lat + 0.03, lng: lng + 0.02 } },
      });
    }
    const spots: [number, number][] = [
      [24.6877, 46.7219],
      [24.7466, 46.6601],
      [24.7743, 46.7386],
      [24.6601, 46.6953],
      [24.7255, 46.6172],
    ];
    for (const [index, [lat, lng]] of spots.entries()) {
      const made = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: ['Fahad', 'Noura', 'Omar', 'Layla', 'Saad'][index], fleet_id: 'riyadh-central' } });
      await request.post(`/api/ops/drivers/${(await made.json()).data.id}/location`, { headers: OPS_HEADERS, data: { lat, lng } });
      const body = order(`map-shot-${Date.now()}-${index}`);
      await request.post('/ext/dispatch', {
        headers: vendor,
        data: { ...body, pickup: { lat: lat - 0.012, lng: lng + 0.018 }, destination: { lat: lat + 0.021, lng: lng - 0.015 } },
      });
    }
  }

  await signInAdmin(page, admin);
  await page.goto('/admin/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Live map' })).toBeVisible();
  const item = page.locator(`[data-testid="live-driver-item"][data-driver-id="${driver.id}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId('live-driver-position')).toHaveText('24.70001, 46.67001');
  const marker = page.locator(`[data-testid="live-driver"][data-driver-id="${driver.id}"]`);
  await expect(marker).toBeVisible();
  const before = await marker.boundingBox();
  await expect(page.getByTestId('live-dispatches').getByRole('link', { name: dispatch.r_id })).toBeVisible();

  // The driver reports a new position; the page shows it within a refresh, with no reload.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await moveTo(24.71501, 46.68501);
  await expect(item.getByTestId('live-driver-position')).toHaveText('24.71501, 46.68501', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  const after = await marker.boundingBox();
  expect(after && before && (after.x !== before.x || after.y !== before.y)).toBe(true);

  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: 'e2e/screenshots/admin-live-map.png' });
  }
  await expectNoSeriousAxeViolations(page, 'live map (en)');
  await inArabic(page, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'الخريطة المباشرة' })).toBeVisible();
    await expect(page.getByTestId('live-driver-item').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'live map (ar)');
    if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-live-map-ar.png' });
  });

  // A dispatch's pin opens the dispatch in the console.
  await page.reload();
  await page.locator(`[data-testid="live-pickup"][data-dispatch-id="${dispatch.id}"]`).click();
  await page.waitForURL(`**/admin/dispatches/${dispatch.id}`);
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { Webhook } from 'standardwebhooks';
import { createStaffAccount, OPS_HEADERS, signIn } from './staff';

// The settings pages in a browser against the real server: its webhook worker delivers to a
// receiver started here (the e2e server allows private URLs).

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Answer 500 to this many more deliveries to /hooks. */
  failNext: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], failNext: 0, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      receiver.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path === '/broken') return response.writeHead(500).end('broken');
      if (receiver.failNext > 0) {
        receiver.failNext--;
        return response.writeHead(500).end('try later');
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}

/** Whether a received delivery carries a valid signature made with `secret`. */
function isSignedWith(request: Received, secret: string): boolean {
  try {
    new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}


const newestDelivery = (page: Page) => page.getByTestId('delivery-row').first();

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test('webhook: register with the ping result, test event and its attempts, redelivery, secret reveal and rotation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staff = await createStaffAccount(request, 'Settings Webhook Kitchen');
  await signIn(page, staff);
  await page.setViewportSize({ width: 1280, height: 800 });
  // "No webhook yet" is an answer, not an error: the page used to read it as a 404, which the
  // browser logs ("Failed to load resource: … 404").
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('No webhook is registered yet.', { exact: false })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // A URL that answers 500 is refused, with the reason on the field.
  const url = page.getByRole('textbox', { name: 'Webhook URL' });
  await url.fill(`${receiver.url}/broken`);
  await page.getByRole('button', { name: 'Register URL' }).click();
  await expect(page.getByTestId('webhook-url-error')).toHaveText(/^Not registered: .*HTTP 500/);
  await expect(url).toHaveAttribute('aria-invalid', 'true');

  // A URL that answers 200 is registered.
  await url.fill(`${receiver.url}/hooks`);
  await page.getByRole('button', { name: 'Register URL' }).click();
  await expect(page.getByTestId('ping-result')).toHaveText('The URL answered the test request with HTTP 200 and is now registered.');
  const endpoint = page.getByTestId('webhook-endpoint');
  await expect(endpoint.getByText(`${receiver.url}/hooks`)).toBeVisible();
  await expect(endpoint.getByText('Active').first()).toBeVisible();
  expect(receiver.received.filter((entry) => entry.path === '/hooks')).toHaveLength(1);

  // A test event shows up in the delivery log and succeeds; its attempt is listed.
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Test event queued' })).toBeVisible();
  await expect(newestDelivery(page)).toHaveAttribute('data-status', 'succeeded', { timeout: 15_000 });
  await expect(newestDelivery(page)).toContainText('Test event');
  await newestDelivery(page).getByRole('button', { name: 'Show attempts' }).click();
  const firstAttempts = page.getByTestId('delivery-attempts');
  await expect(firstAttempts.getByTestId('attempt-row')).toHaveCount(1);
  await expect(firstAttempts.getByTestId('attempt-row')).toContainText('200');
  await newestDelivery(page).getByRole('button', { name: 'Hide attempts' }).click();

  // The receiver fails the next delivery once: the attempt shows the 500; retrying delivers it.
  receiver.failNext = 1;
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(newestDelivery(page)).toContainText('HTTP 500', { timeout: 15_000 });
  await expect(newestDelivery(page)).toHaveAttribute('data-status', 'pending');
  await newestDelivery(page).getByRole('button', { name: 'Show attempts' }).click();
  await expect(page.getByTestId('attempt-row').first()).toContainText('try later');
  await newestDelivery(page).getByRole('button', { name: 'Retry now' }).click();
  await expect(newestDelivery(page)).toHaveAttribute('data-status', 'succeeded', { timeout: 15_000 });
  await expect(page.getByTestId('attempt-row')).toHaveCount(2);

  // A finished delivery can be sent again: a third attempt. "Retry now" said "Delivery queued
  // again." too; that toast (5 s) must be gone first, or two of them are on screen.
  const queuedToast = page.getByTestId('toast').filter({ hasText: 'Delivery queued again.' });
  await expect(queuedToast).toHaveCount(0, { timeout: 10_000 });
  await newestDelivery(page).getByRole('button', { name: 'Redeliver' }).click();
  await expect(queuedToast).toBeVisible();
  await expect(page.getByTestId('attempt-row')).toHaveCount(3, { timeout: 15_000 });
  await expect(newestDelivery(page)).toHaveAttribute('data-status', 'succeeded');
  // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's pictures.
  if (process.env.SCREENSHOTS) {
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'e2e/screenshots/settings-webhook.png' });
  }

  // Revealing the secret shows the one deliveries are signed with.
  const secretBox = page.getByTestId('secret-value');
  await expect(secretBox).not.toContainText(/whsec_[A-Za-z0-9+/]/);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  const oldSecret = (await secretBox.textContent())!;
  const lastDelivery = receiver.received.at(-1)!;
  expect(isSignedWith(lastDelivery, oldSecret)).toBe(true);

  await expectNoSeriousAxeViolations(page);

  // Rotating asks first, explaining the overlap; Escape closes the dialog and focus returns.
  const rotateButton = page.getByRole('button', { name: 'Rotate secret' });
  await rotateButton.click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('For 1 day after that');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rotateButton).toBeFocused();

  await rotateButton.click();
  await dialog.getByRole('button', { name: 'Rotate now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'Secret rotated.' })).toBeVisible();
  await expect(secretBox).not.toHaveText(oldSecret);
  await expect(secretBox).toHaveText(/^whsec_/);
  const newSecret = (await secretBox.textContent())!;
  await expect(page.getByText('The previous secret also signs deliveries until')).toBeVisible();

  // During the overlap a delivery verifies with either secret.
  const before = receiver.received.length;
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(before);
  const signed = receiver.received.at(-1)!;
  expect(isSignedWith(signed, newSecret)).toBe(true);
  expect(isSignedWith(signed, oldSecret)).toBe(true);

  // Hide forgets it; a new reveal reads the new one from the server.
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(secretBox).not.toContainText(newSecret);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(secretBox).toHaveText(newSecret);
});

test('API keys: a new key is shown once and works; revoked, it is refused', async ({ page, request, context }) => {
  const staff = await createStaffAccount(request, 'Settings Keys Kitchen');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, staff);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings/api-keys');
  await expect(page.getByTestId('api-key-row')).toHaveCount(1);
  await expect(page.getByTestId('api-key-row')).toContainText(staff.apiKey.slice(0, 15));

  // An empty name is refused on the field by the same schema the API uses.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('Key name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Key name').fill('E2E POS');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('you will not see it again');
  const keyInput = dialog.getByTestId('new-api-key');
  await expect(keyInput).toHaveValue(/^dsp_live_\w{40}$/);
  const key = await keyInput.inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoSeriousAxeViolations(page);

  expect((await request.get('/ext/dispatches', { headers: { 'x-api-key': key } })).status()).toBe(200);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);

  const row = page.getByTestId('api-key-row').filter({ hasText: 'E2E POS' });
  await expect(row).toContainText(key.slice(0, 15));
  await expect(row).toContainText('Active');
  if (process.env.SCREENSHOTS) {
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/settings-api-keys.png' });
  }
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('button', { name: /^Revoke/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the key “E2E POS”?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'Key “E2E POS” revoked.' })).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  expect((await request.get('/ext/dispatches', { headers: { 'x-api-key': key } })).status()).toBe(401);
  expect((await request.get('/ext/dispatches', { headers: { 'x-api-key': staff.apiKey } })).status()).toBe(200);
});

test('branches: add one placed on the map, refuse a duplicate code, edit it', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Settings Branch Kitchen');
  await signIn(page, staff);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings/branches');
  await expect(page.getByText('No branches yet.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Add branch' }).click();
  const form = page.getByTestId('branch-form');
  await expect(form.getByRole('heading', { name: 'New branch' })).toBeFocused();
  await form.getByLabel('Name').fill('Olaya');
  await form.getByLabel('Branch ID', { exact: true }).fill('olaya');
  await form.getByLabel('Pickup address').fill('Olaya St, Riyadh');
  // Placing the pickup with a click on the map fills the coordinates.
  const map = form.locator('.leaflet-container');
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 - 30);
  await expect(form.getByTestId('marker-pickup')).toBeVisible();
  await expect(form.getByLabel('Latitude')).toHaveValue(/^24\.\d+$/);
  await expect(form.getByLabel('Longitude')).toHaveValue(/^46\.\d+$/);
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Save branch' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'Branch “Olaya” added.' })).toBeVisible();
  const row = page.getByTestId('branch-row').filter({ hasText: 'Olaya' });
  await expect(row).toContainText('olaya');
  await expect(row).toContainText('Olaya St, Riyadh');

  // The same code again: the server's duplicate_branch lands on the code field.
  await page.getByRole('button', { name: 'Add branch' }).click();
  await form.getByRole('button', { name: 'Save branch' }).click();
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByText('Enter a number')).toHaveCount(2);
  await form.getByLabel('Name').fill('Olaya again');
  await form.getByLabel('Branch ID', { exact: true }).fill('olaya');
  await form.getByLabel('Latitude').fill('24.7');
  await form.getByLabel('Longitude').fill('46.7');
  await form.getByRole('button', { name: 'Save branch' }).click();
  await expect(form.getByText('a branch with vendor_bid "olaya" already exists')).toBeVisible();
  await expect(form.getByLabel('Branch ID', { exact: true })).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // Edit: a new name, and the pin moved with the arrow keys.
  await row.getByRole('button', { name: 'Edit Olaya' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('Olaya');
  const latBefore = Number(await form.getByLabel('Latitude').inputValue());
  await form.getByLabel('Name').fill('Olaya North');
  await form.getByTestId('marker-pickup').click();
  await page.keyboard.press('ArrowUp');
  await expect(form.getByLabel('Latitude')).not.toHaveValue(String(latBefore));
  const latAfter = Number(await form.getByLabel('Latitude').inputValue());
  expect(latAfter).toBeCloseTo(latBefore + 0.0005, 6);
  await form.getByRole('button', { name: 'Save branch' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'Branch “Olaya North” saved.' })).toBeVisible();
  const edited = page.getByTestId('branch-row').filter({ hasText: 'Olaya North' });
  await expect(edited).toContainText(String(latAfter));
  await expect(row.getByRole('button', { name: 'Edit Olaya North' })).toBeFocused();
});

test('the settings pages in Arabic: right to left, translated, no serious axe violation', async ({ page, request, context }) => {
  const staff = await createStaffAccount(request, 'Settings Arabic Kitchen');
  await signIn(page, staff);
  await context.addCookies([{ name: 'locale', value: 'ar', url: page.url() }]);
  for (const [path, heading] of [
    ['/settings', 'عنوان الويب هوك'],
    ['/settings/api-keys', 'مفاتيح الواجهة البرمجية'],
    ['/settings/branches', 'الفروع'],
    ['/settings/tariff', 'تعرفة التوصيل'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  }
  await expect(page.getByText('10.00 SAR')).toBeVisible();
});

test('the tariff page shows the proof of delivery operations set for the account', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Settings Proof Kitchen');
  await signIn(page, staff);
  await page.goto('/settings/tariff');
  await expect(page.getByTestId('proof-of-delivery-kind')).toHaveText('No proof required');
  const set = await request.put(`/api/ops/accounts/${staff.accountId}/proof-of-delivery`, { headers: OPS_HEADERS, data: { proof_of_delivery: 'signature' } });
  expect(set.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('proof-of-delivery-kind')).toHaveText('The customer’s signature');
});

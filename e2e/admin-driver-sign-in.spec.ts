import { expect, test } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { createOpsDriver } from './drivers';
import { OPS_HEADERS } from './staff';

// The console gives a driver their driver app sign-in: a phone and PIN the driver signs in with,
// and a one-time sign-in link shown as a QR code; and sets an account's proof of delivery.

test.use({ viewport: { width: 1366, height: 900 } });

test('an admin sets a driver’s phone and PIN, shows a one-time sign-in QR code, and sets an account’s proof of delivery', async ({ page, request, browser }) => {
  const run = Date.now().toString().slice(-8);
  const phone = `+96655${run}`;
  const driverId = await createOpsDriver(request, { name: `Sign-in Driver ${run}` });
  const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: `Proof Kitchen ${run}` } });
  const accountId = (await account.json()).data.id as string;

  await signInAdmin(page, await createAdmin(request));
  await page.goto(`/admin/drivers/${driverId}`);
  await expect(page.getByTestId('duty-badge')).toHaveText('Off duty');
  const card = page.getByTestId('driver-sign-in');
  await expect(page.getByTestId('driver-sign-in-status')).toHaveText('This driver has no sign-in yet.');
  await card.getByLabel('Sign-in phone').fill(phone);
  await card.getByLabel('New PIN').fill('123');
  await card.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(card.getByText('must be at least 6 digits')).toBeVisible();
  // The PINs guessed first are refused; the console suggests a random one, shown to be told.
  await card.getByLabel('New PIN').fill('123456');
  await card.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(card.getByText('is a run of digits', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Suggest a PIN' }).click();
  await expect(card.getByLabel('New PIN')).toHaveValue(/^\d{6}$/);
  await expect(card.getByLabel('New PIN')).toHaveAttribute('type', 'text');
  await card.getByLabel('New PIN').fill('258036');
  await card.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(page.getByTestId('driver-sign-in-status')).toHaveText(`Signs in with ${phone}.`);
  await expect(card.getByLabel('New PIN')).toHaveValue('');

  // The driver signs in with them, in a browser of their own.
  const phoneBrowser = await browser.newContext();
  const signedIn = await phoneBrowser.request.post('/api/session', { data: { phone, pin: '258036' }, headers: { origin: new URL(page.url()).origin } });
  expect(signedIn.status()).toBe(200);
  expect((await signedIn.json()).data).toMatchObject({ role: 'driver', driverId });
  // Going on duty in the app shows on the driver's page.
  const onDuty = await phoneBrowser.request.put('/api/driver/duty', { data: { on_duty: true }, headers: { origin: new URL(page.url()).origin } });
  expect(onDuty.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('duty-badge')).toHaveText('On duty');

  await card.getByRole('button', { name: 'Show sign-in QR code' }).click();
  await expect(page.getByTestId('sign-in-qr')).toBeVisible();
  const url = await page.getByTestId('sign-in-url').inputValue();
  expect(url).toMatch(/\/driver\/link\/[\w-]{43}$/);
  const token = url.slice(url.lastIndexOf('/') + 1);
  const byLink = await phoneBrowser.request.post('/api/session/link', { data: { token }, headers: { origin: new URL(page.url()).origin } });
  expect(byLink.status()).toBe(200);
  const again = await phoneBrowser.request.post('/api/session/link', { data: { token }, headers: { origin: new URL(page.url()).origin } });
  expect((await again.json()).error).toBe('link_invalid');
  await phoneBrowser.close();

  await page.goto(`/admin/accounts/${accountId}`);
  const proof = page.getByTestId('account-proof-of-delivery');
  await expect(proof.getByLabel(/^None/)).toBeChecked();
  await proof.getByLabel(/^Customer PIN/).check();
  await proof.getByRole('button', { name: 'Save proof requirement' }).click();
  await expect(page.getByText('Proof requirement saved.')).toBeVisible();
  const read = await request.get(`/api/ops/accounts/${accountId}/proof-of-delivery`, { headers: OPS_HEADERS });
  expect((await read.json()).data).toEqual({ proof_of_delivery: 'pin' });
  await page.reload();
  await expect(page.getByTestId('account-proof-of-delivery').getByLabel(/^Customer PIN/)).toBeChecked();
});

import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  assign,
  createDriver,
  createVendor,
  DESTINATION,
  keptJobCopies,
  openJobOnPhone,
  PHONE,
  phoneStorage,
  PICKUP,
  signInDriver,
  statusesOf,
  waitForServiceWorker,
  type Customer,
  type DriverLogin,
} from './drivers';
import type { StaffAccount } from './staff';

// A security probe of the driver app on a shared phone (findings 5–7): what one driver's
// customers leave on the phone for the next driver, a sign-out without signal, and the sign-in
// page answering a signed-in driver. Real drivers on the production build, offline simulated by
// the browser context.

test.use({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 21.6, longitude: 39.2 } });

const DOOR_PHOTO = path.join(import.meta.dirname, 'fixtures', 'door-photo.jpg');

/** A customer no other test has: their name, phone, gate code and street are found only if this test's copies leaked. */
function uniqueCustomer(): Customer & { street: string } {
  const tag = `${Date.now() % 1e6}${Math.floor(Math.random() * 1e3)}`;
  return { firstName: `Nadia${tag}`, phone: `+9665${tag.padStart(8, '7').slice(-8)}`, instructions: `Gate code ${tag}, blue door`, street: `Villa ${tag}, Al Rawdah` };
}

/** A job for a new unique customer, at their street, open on the driver's phone. */
async function openCustomerJob(page: Page, request: APIRequestContext, vendor: StaffAccount, driver: DriverLogin, orderPrefix: string) {
  const customer = uniqueCustomer();
  const places = { pickup: PICKUP, destination: { ...DESTINATION, address_line: customer.street } };
  const id = await openJobOnPhone(page, request, { vendor, driver, orderId: `${orderPrefix}-${Date.now()}`, places, customer });
  return { customer, id };
}

/** Nothing of the customer anywhere the page or the phone's storage could show it. */
async function expectNothingOf(page: Page, customer: Customer & { street: string }): Promise<void> {
  const secrets = [customer.firstName, customer.phone, customer.instructions, customer.street];
  const body = await page.locator('body').innerText();
  for (const secret of secrets) expect(body, 'on screen').not.toContain(secret);
  await expect
    .poll(
      async () => {
        const stored = await phoneStorage(page);
        const all = `${stored.indexedDb}\n${stored.caches}\n${stored.localStorage}`;
        return secrets.filter((secret) => all.includes(secret) || all.includes(encodeURIComponent(secret)));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
}

// Regression: job copies were kept by job, not by driver, so Driver Four, signing in on the phone
// Driver Two had used, was shown Driver Two's customer (name, phone, gate code) from the copy.
test('a shared phone: the next driver sees nothing of the previous driver’s customers, on screen, in IndexedDB or in the caches', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const vendor = await createVendor(request, 'Shared Phone Kitchen', 'none');
  const [two, four] = [await createDriver(request, 'Driver Two'), await createDriver(request, 'Driver Four')];
  const { customer, id } = await openCustomerJob(page, request, vendor, two, 'SHARED');
  await page.getByTestId('action-accepted').click();
  await expect(page.getByTestId('customer-name')).toHaveText(customer.firstName);
  await expect(page.getByTestId('dropoff-instructions')).toHaveText(customer.instructions);
  await expect.poll(async () => (await keptJobCopies(page)).some((key) => key.includes(id)), { timeout: 15_000 }).toBe(true);
  await page.goto('/driver');
  await expect(page.getByTestId('job-list')).toContainText(customer.street);

  // Driver Two's session ends without the app seeing it (expired, or revoked by an admin), and
  // Driver Four signs in on the same phone.
  await context.clearCookies({ name: 'dispatch_session' });
  await signInDriver(page, four);
  await expect(page.getByTestId('duty-switch')).toBeVisible();
  await expect(page.getByText(customer.street)).toHaveCount(0);
  await page.goto(`/driver/jobs/${id}`);
  await expect(page.getByTestId('job-not-found')).toBeVisible();
  await expect(page.getByTestId('customer-name')).toHaveCount(0);

  // Without signal the app starts from what the phone kept: nothing of Driver Two's.
  await waitForServiceWorker(page, four.id);
  await context.setOffline(true);
  await page.goto('/driver');
  await expect(page.getByTestId('duty-switch')).toBeVisible();
  await page.goto(`/driver/jobs/${id}`);
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('customer-name')).toHaveCount(0);
  await expectNothingOf(page, customer);
  await context.setOffline(false);
});

// Regression: a job read answered 404 (the job given to another driver) dropped the copy on disk
// but the screen kept showing the customer it had read before.
test('a job given to another driver leaves the screen and the phone at its next read', async ({ page, request }) => {
  test.setTimeout(120_000);
  const vendor = await createVendor(request, 'Reassigned Kitchen', 'none');
  const [first, next] = [await createDriver(request, 'First Driver'), await createDriver(request, 'Next Driver')];
  const { customer, id } = await openCustomerJob(page, request, vendor, first, 'REASSIGN');
  await expect(page.getByTestId('customer-name')).toHaveText(customer.firstName);
  await expect.poll(async () => (await keptJobCopies(page)).some((key) => key.includes(id)), { timeout: 15_000 }).toBe(true);

  await assign(request, id, next.id);
  await expect(page.getByTestId('job-not-found')).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId('customer-name')).toHaveCount(0);
  await expect(page.getByTestId('dropoff-instructions')).toHaveCount(0);
  await expect.poll(async () => (await keptJobCopies(page)).some((key) => key.includes(id))).toBe(false);
  await expectNothingOf(page, customer);
});

// Regression: a finished job's copies were dropped only in the language of its last read, so the
// gate code and address read in the other language stayed on the phone for a day.
test('a delivered job leaves nothing of its customer on the phone, in either language', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const vendor = await createVendor(request, 'Finished Job Kitchen', 'none');
  const driver = await createDriver(request, 'Finishing Driver');
  const { customer, id } = await openCustomerJob(page, request, vendor, driver, 'FINISH');
  await page.getByTestId('action-accepted').click();
  await expect(page.getByTestId('job-status')).toHaveText(/accepted/i);
  // The same job read in Arabic too: a copy per language.
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('dropoff-instructions')).toHaveText(customer.instructions);
  await expect.poll(async () => (await keptJobCopies(page)).filter((key) => key.includes(id)).length, { timeout: 15_000 }).toBe(2);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await page.reload();

  await page.getByTestId('action-picked_up').click();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
  await expect.poll(() => statusesOf(request, vendor, id)).toContain('delivered');
  await expect.poll(async () => (await keptJobCopies(page)).filter((key) => key.includes(id))).toEqual([]);
  await expect(page.getByTestId('dropoff-instructions')).toHaveCount(0);
  await expect(page.getByTestId('customer-name')).toHaveCount(0);
  await page.goto('/driver');
  await expect(page.getByTestId('job-list')).toBeVisible();
  await expectNothingOf(page, customer);
});

// Regression: signing out without signal only looked done: the session lived on, and the driver's
// customer and queued proof stayed on the phone.
test('signing out without signal locks the phone at once and finishes when the signal returns: proof sent, session ended, phone wiped', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const vendor = await createVendor(request, 'Offline Sign-out Kitchen', 'photo');
  const driver = await createDriver(request, 'Leaving Driver');
  const { customer, id } = await openCustomerJob(page, request, vendor, driver, 'SIGNOUT');
  await page.getByTestId('action-accepted').click();
  await page.getByTestId('action-picked_up').click();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  await expect(page.getByTestId('customer-name')).toHaveText(customer.firstName);
  // The pickup shows at once but is sent in the background: it must have left before the signal goes.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');
  const session = (await context.cookies()).find((cookie) => cookie.name === 'dispatch_session')!;
  expect(session).toBeTruthy();

  // No signal: the proof and "delivered" wait in the outbox.
  await context.setOffline(true);
  await page.getByTestId('proof-photo').setInputFiles(DOOR_PHOTO);
  await expect(page.getByTestId('proof-photo-preview')).toBeVisible();
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '2');

  // Sign out: the driver is told it is not done yet, and the phone shows nothing of the customer.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const notice = page.getByTestId('sign-out-pending');
  await expect(notice).toContainText('You’re offline: sign-out completes when the signal returns.');
  await expect(notice).toContainText('2 queued updates will be sent first.');
  await expect(page.getByTestId('customer-name')).toHaveCount(0);
  await expect(page.getByTestId('proof-form')).toHaveCount(0);
  await expect.poll(() => keptJobCopies(page)).toEqual([]);
  expect((await phoneStorage(page)).outbox).toBe(2);
  // A restart without signal stays locked.
  await page.reload();
  await expect(page.getByTestId('sign-out-pending')).toContainText('2 queued updates will be sent first.');
  await page.goto(`/driver/jobs/${id}`);
  await expect(page.getByTestId('sign-out-pending')).toBeVisible();
  await expect(page.getByTestId('customer-name')).toHaveCount(0);

  // The signal returns: the queue goes with the still-valid session, then the session ends, then the phone is wiped.
  await context.setOffline(false);
  await page.waitForURL(/\/driver\/login/, { timeout: 30_000 });
  expect(await statusesOf(request, vendor, id)).toContain('delivered');
  const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': vendor.apiKey } })).json()).data;
  expect(Object.keys(record.media_url ?? {})).toContain('photo');
  const withOldCookie = await request.get('/api/driver/me', { headers: { cookie: `dispatch_session=${session.value}` } });
  expect(withOldCookie.status()).toBe(401);
  const stored = await phoneStorage(page);
  expect(stored.outbox).toBe(0);
  expect(stored.pages).toEqual([]);
  await expectNothingOf(page, customer);
  await page.goto('/driver');
  await expect(page).toHaveURL(/\/driver\/login/);
});

// Regression: the sign-in page called a client-only function on the server, so a signed-in driver
// opening it got a 500.
test('the driver sign-in page sends a signed-in driver back to the app instead of failing', async ({ page, request }) => {
  const driver = await createDriver(request, 'Returning Driver');
  await signInDriver(page, driver);
  for (const [asked, landing] of [
    ['/driver/login', '/driver'],
    ['/driver/login?next=/driver/jobs/dsp_somewhere', '/driver/jobs/dsp_somewhere'],
    ['/driver/login?next=https://attacker.example/', '/driver'],
  ] as const) {
    const response = await page.request.get(asked, { maxRedirects: 0 });
    expect(response.status(), asked).toBeLessThan(500);
    expect([302, 303, 307, 308], asked).toContain(response.status());
    expect(new URL(response.headers().location!, 'http://host').pathname, asked).toBe(landing);
  }
  await page.goto('/driver/login');
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByTestId('duty-switch')).toBeVisible();
});

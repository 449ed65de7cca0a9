import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { expectNoSeriousAxeViolations } from './axe';
import { createOpsDriver } from './drivers';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS, type StaffAccount } from './staff';

// The admin console's dispatch pages: every account's dispatches with filters, bulk assign and
// bulk status on 120 rows (one refused, reported per row, the others applied), one dispatch moved
// through its lifecycle with the next-status buttons, the QA queue with the driver's media, and
// both languages under axe.

const COUNT = 120;
/** The driver's photo host: answered by the test (no request leaves the machine). */
const MEDIA_HOST = 'https://media.e2e.example';
const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="144" viewBox="0 0 192 144">
  <rect width="192" height="144" fill="#dfe7e2"/><rect x="66" y="26" width="60" height="104" rx="3" fill="#8a5a3c"/>
  <circle cx="114" cy="80" r="4" fill="#f2d16b"/><rect x="40" y="112" width="34" height="22" rx="3" fill="#c9a46b"/></svg>`;

interface Record {
  id: string;
  r_id: string;
  vendor_oid: string;
  assigned_driver_id: string | null;
  status: { status: string }[];
  media_url: { [name: string]: string } | null;
}

const CUSTOMERS = ['Sara Al-Qahtani', 'Omar Haddad', 'Lina Farouk', 'Yusuf Rahman', 'Noura Saleh', 'Khalid Mansour'];

const state = (record: Record) => record.status.filter((entry) => !entry.status.startsWith('near_')).at(-1)?.status;

/** A webhook receiver on 127.0.0.1 answering 200 (the e2e server allows private URLs). */
async function startReceiver() {
  const received: { path: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receivers: { close: () => Promise<void> }[] = [];
test.afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

async function createDispatches(request: APIRequestContext, account: StaffAccount, oids: string[], branch: string): Promise<void> {
  // In parallel, a few at a time: the server admits four requests at once on the embedded database.
  for (let start = 0; start < oids.length; start += 12) {
    await Promise.all(
      oids.slice(start, start + 12).map(async (oid, index) => {
        const base = order(oid);
        const [firstName, lastName] = CUSTOMERS[(start + index) % CUSTOMERS.length]!.split(' ');
        const response = await request.post('/ext/dispatch', {
          headers: { 'x-api-key': account.apiKey },
          data: { ...base, vendor_bid: branch, user_metadata: { ...base.user_metadata, firstName, lastName } },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }
}

async function listed(request: APIRequestContext, account: StaffAccount, branch: string): Promise<Record[]> {
  const response = await request.get(`/ext/dispatches?limit=200&vendor_bid=${branch}`, { headers: { 'x-api-key': account.apiKey } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as Record[];
}

const createDriver = (request: APIRequestContext, name: string) => createOpsDriver(request, { name, phone: '+966511111111', fleet_id: 'fleet-e2e' });

async function pickDriver(page: Page, prefix: 'bulk' | 'assign' | 'admin-filter', name: string, driverId: string): Promise<void> {
  await page.locator(`#${prefix}-driver-search`).fill(name);
  const select = page.getByTestId(`${prefix}-driver-select`);
  await expect(select.locator(`option[value="${driverId}"]`)).toHaveCount(1);
  await select.selectOption(driverId);
}

async function inArabic(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: new URL('/', page.url()).toString() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('admins select 120 dispatches of two accounts and assign and move them in bulk, refused rows reported', async ({ page, request }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const branch = `bulk-${run}`;
  const [north, south] = await Promise.all([createStaffAccount(request, `North Grill ${run}`), createStaffAccount(request, `South Bakery ${run}`)]);
  const oids = Array.from({ length: COUNT }, (_, index) => `bulk-${run}-${index}`);
  await createDispatches(request, north, oids.slice(0, COUNT / 2), branch);
  await createDispatches(request, south, oids.slice(COUNT / 2), branch);
  const all = [...(await listed(request, north, branch)), ...(await listed(request, south, branch))];
  expect(all).toHaveLength(COUNT);
  // One row the bulk assign must refuse: cancelled by the restaurant.
  const cancelled = all.find((record) => record.vendor_oid === `bulk-${run}-7`)!;
  const cancel = await request.post(`/api/ops/dispatches/${cancelled.id}/status`, { headers: OPS_HEADERS, data: { status: 'cancelled', ref_type: 'vendor', ref_id: 'north' } });
  expect(cancel.status()).toBe(200);
  const driverName = `Bulk Driver ${run}`;
  const driverId = await createDriver(request, driverName);

  const admin = await createAdmin(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page, admin);
  await page.goto(`/admin/dispatches?vendor_bid=${branch}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All dispatches' })).toBeVisible();
  await expect(page.getByTestId('dispatch-row')).toHaveCount(50);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
  // Newest first across both accounts: the south bakery's last order leads, with its account named.
  await expect(page.getByTestId('dispatch-row').first()).toContainText(`bulk-${run}-119`);
  await expect(page.getByTestId('dispatch-row').first().getByTestId('dispatch-account')).toHaveText(`South Bakery ${run}`);
  await expect(page.getByTestId('export-csv')).toHaveAttribute('href', `/api/admin/dispatches/export?vendor_bid=${branch}`);
  const csv = await (await page.request.get(`/api/admin/dispatches/export?vendor_bid=${branch}`)).text();
  expect(csv.trimEnd().split('\r\n')).toHaveLength(COUNT + 1);

  // The page's checkbox selects its 50 rows; "all matching" selects the 120.
  await page.getByTestId('select-page').check();
  await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', '50');
  await page.getByTestId('select-all-matching').click();
  await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', String(COUNT));

  // Bulk assign: every row but the cancelled one.
  await pickDriver(page, 'bulk', driverName, driverId);
  await page.getByTestId('bulk-assign').click();
  const summary = page.getByTestId('bulk-summary');
  await expect(summary).toHaveAttribute('data-applied', String(COUNT - 1), { timeout: 60_000 });
  await expect(summary).toHaveAttribute('data-refused', '1');
  await expect(summary).toHaveText(`${COUNT - 1} applied, 1 refused`);
  const refused = page.getByTestId('refused-row');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveAttribute('data-id', cancelled.id);
  await expect(refused).toHaveAttribute('data-error', 'invalid_transition');
  await expect(refused).toContainText('Not allowed from its current status');
  await expect(refused).toContainText(cancelled.r_id);
  await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', '0');
  // Applied for real: read back through the vendor API of both accounts.
  const afterAssign = [...(await listed(request, north, branch)), ...(await listed(request, south, branch))];
  expect(afterAssign.filter((record) => state(record) === 'assigned' && record.assigned_driver_id === driverId)).toHaveLength(COUNT - 1);
  expect(state(afterAssign.find((record) => record.id === cancelled.id)!)).toBe('cancelled');
  // The table shows the new states without a reload.
  await expect(page.locator('[data-testid="dispatch-row"][data-status="assigned"]')).toHaveCount(50);

  // Bulk status: accepted for the 119 assigned; the cancelled one refused again.
  await page.getByTestId('select-all-matching').click();
  await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', String(COUNT));
  await page.getByTestId('bulk-status-select').selectOption('accepted');
  await page.getByTestId('bulk-status').click();
  await expect(summary).toHaveText(`${COUNT - 1} applied, 1 refused`, { timeout: 60_000 });
  await expect(refused).toHaveAttribute('data-id', cancelled.id);
  const afterStatus = [...(await listed(request, north, branch)), ...(await listed(request, south, branch))];
  expect(afterStatus.filter((record) => state(record) === 'accepted')).toHaveLength(COUNT - 1);
  await expect(page.locator('[data-testid="dispatch-row"][data-status="accepted"]')).toHaveCount(50);

  // Filters live in the URL: the account and a status narrow the list.
  await page.locator('#admin-account').selectOption({ label: `North Grill ${run}` });
  await expect(page).toHaveURL(new RegExp(`account_id=${north.accountId}`));
  await page.locator('#admin-status').selectOption('cancelled');
  await expect(page.getByTestId('dispatch-row')).toHaveCount(1);
  await expect(page.getByTestId('dispatch-row')).toHaveAttribute('data-id', cancelled.id);
  await page.getByTestId('filters-clear').click();
  await page.goto(`/admin/dispatches?vendor_bid=${branch}`);
  await expect(page.getByTestId('dispatch-row')).toHaveCount(50);
  await page.getByTestId('dispatch-row').nth(1).getByRole('checkbox').check();
  await page.getByTestId('dispatch-row').nth(3).getByRole('checkbox').check();
  await expectNoSeriousAxeViolations(page, 'admin dispatches (en)');

  if (process.env.SCREENSHOTS) {
    // The report of a bulk action, as an admin sees it after applying one.
    await page.getByTestId('bulk-status-select').selectOption('cancelled');
    await page.getByTestId('dispatch-row').nth(1).getByRole('checkbox').uncheck();
    await page.getByTestId('dispatch-row').nth(3).getByRole('checkbox').uncheck();
    await page.getByTestId('select-all-matching').click();
    await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', String(COUNT));
    await page.getByTestId('bulk-status-select').selectOption('picked_up');
    await page.getByTestId('bulk-status').click();
    await expect(summary).toHaveText(`${COUNT - 1} applied, 1 refused`, { timeout: 60_000 });
    await page.getByTestId('dispatch-row').nth(0).getByRole('checkbox').check();
    await page.getByTestId('dispatch-row').nth(2).getByRole('checkbox').check();
    await pickDriver(page, 'bulk', driverName, driverId);
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'e2e/screenshots/admin-dispatches.png', clip: { x: 0, y: 0, width: 1440, height: 1300 }, fullPage: true });
  }

  await inArabic(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('كل الطلبات');
  await expect(page.getByTestId('dispatch-row')).toHaveCount(50);
  // For review only (not in the README).
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-dispatches-ar.png' });
  await expectNoSeriousAxeViolations(page, 'admin dispatches (ar)');
});

test('admins filter by a driver found by name and by a fleet chosen by name, and both stay in the URL', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const fleet = await request.post('/api/ops/fleets', { headers: OPS_HEADERS, data: { name: `Filter Fleet ${run}` } });
  expect(fleet.status()).toBe(201);
  const fleetId = (await fleet.json()).data.id as string;
  const driverName = `Filter Driver ${run}`;
  const driverId = await createOpsDriver(request, { name: driverName, fleet_id: fleetId });
  const account = await createStaffAccount(request, `Filter Kitchen ${run}`);
  const branch = `filter-${run}`;
  await createDispatches(request, account, [`filter-${run}-0`, `filter-${run}-1`], branch);
  const [second, first] = await listed(request, account, branch);
  expect((await request.post(`/api/ops/dispatches/${first!.id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);

  const admin = await createAdmin(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page, admin);
  await page.goto(`/admin/dispatches?vendor_bid=${branch}`);
  await expect(page.getByTestId('dispatch-row')).toHaveCount(2);

  await pickDriver(page, 'admin-filter', driverName, driverId);
  await expect(page).toHaveURL(new RegExp(`driver_id=${driverId}`));
  await expect(page.getByTestId('dispatch-row')).toHaveCount(1);
  await expect(page.getByTestId('dispatch-row')).toHaveAttribute('data-id', first!.id);
  // Reloaded from the URL, the chosen driver is still the filter's value.
  await page.reload();
  await expect(page.getByTestId('admin-filter-driver-select')).toHaveValue(driverId);
  await expect(page.getByTestId('dispatch-row')).toHaveCount(1);

  await page.getByTestId('admin-filter-driver-select').selectOption('');
  await expect(page.getByTestId('dispatch-row')).toHaveCount(2);
  await page.locator('#admin-fleet').selectOption({ label: `Filter Fleet ${run}` });
  await expect(page).toHaveURL(new RegExp(`fleet_id=${fleetId}`));
  await expect(page.getByTestId('dispatch-row')).toHaveCount(1);
  await expect(page.getByTestId('dispatch-row')).toHaveAttribute('data-id', first!.id);
  expect(second!.id).not.toBe(first!.id);
  await expectNoSeriousAxeViolations(page, 'admin dispatches, driver and fleet filters');
});

test('an admin assigns a dispatch, moves it to delivered and QA with the legal buttons only, and finds it with a driver’s media in the QA queue', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  await context.route(`${MEDIA_HOST}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PHOTO }));
  const run = Date.now().toString(36);
  const account = await createStaffAccount(request, `Detail Kitchen ${run}`);
  const receiver = await startReceiver();
  receivers.push(receiver);
  const register = async (url: string) =>
    expect((await request.post('/ext/webhook', { headers: { 'x-api-key': account.apiKey }, data: { webhook: url } })).status()).toBeLessThan(300);
  // The creations go to a first endpoint; the account then moves to a second one.
  await register(`${receiver.url}/first`);
  const branch = `detail-${run}`;
  await createDispatches(request, account, [`detail-${run}-a`, `detail-${run}-b`], branch);
  const [withMedia, byButtons] = await listed(request, account, branch);
  await expect.poll(() => receiver.received.filter((hook) => hook.path === '/first' && hook.body.includes(byButtons!.id)).length).toBe(1);
  await register(`${receiver.url}/second`);
  const driverName = `Detail Driver ${run}`;
  const driverId = await createDriver(request, driverName);

  // One dispatch the driver delivers through the ops API with a photo of the door.
  const media = { door: `${MEDIA_HOST}/${run}/door.png`, receipt: `${MEDIA_HOST}/${run}/receipt.pdf` };
  expect((await request.post(`/api/ops/dispatches/${withMedia!.id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);
  for (const status of ['accepted', 'picked_up']) {
    expect((await request.post(`/api/ops/dispatches/${withMedia!.id}/status`, { headers: OPS_HEADERS, data: { status, ref_type: 'driver', ref_id: driverId } })).status()).toBe(200);
  }
  const delivered = await request.post(`/api/ops/dispatches/${withMedia!.id}/status`, {
    headers: OPS_HEADERS,
    data: { status: 'delivered', ref_type: 'driver', ref_id: driverId, media_url: media },
  });
  expect(delivered.status()).toBe(200);

  const admin = await createAdmin(request);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAdmin(page, admin);

  // The other dispatch, by the admin's buttons only: new → assigned → accepted → picked up → delivered → QA.
  await page.goto(`/admin/dispatches/${byButtons!.id}`);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');
  await expect(page.getByTestId('dispatch-account')).toHaveText(`Detail Kitchen ${run}`);
  const buttons = page.getByTestId('next-statuses').getByRole('button');
  const shown = () => buttons.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')));
  await expect.poll(shown).toEqual(['dispatch_accepted', 'dispatch_rejected', 'cancelled']);
  await pickDriver(page, 'assign', driverName, driverId);
  await page.getByTestId('assign-driver').click();
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'assigned');
  await expect(page.getByTestId('driver-name')).toHaveText(driverName);
  await expect(page.getByTestId('assign-driver')).toHaveText('Reassign');
  // Its webhook deliveries to both endpoints, each named, newest first.
  await expect(page.getByTestId('delivery-endpoint')).toHaveText([`${receiver.url}/second`, `${receiver.url}/second`, `${receiver.url}/first`]);
  await expect(page.locator('[data-testid="delivery-row"][data-status="succeeded"]')).toHaveCount(3);
  const steps: [string, string[]][] = [
    ['accepted', ['accepted', 'cancelled', 'near_pickup']],
    ['picked_up', ['ready_for_pickup', 'picked_up', 'cancelled', 'near_pickup']],
    // After pickup an operator may still cancel (a failed delivery, reported for the driver).
    ['delivered', ['delivered', 'cancelled', 'near_destination']],
    ['qa_qc', ['qa_qc']],
  ];
  for (const [status, legal] of steps) {
    await expect.poll(shown).toEqual(legal);
    if (status === 'accepted' && process.env.SCREENSHOTS) {
      await expect(page.getByTestId('audit-row')).toHaveCount(3);
      await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.screenshot({ path: 'e2e/screenshots/admin-dispatch-detail.png', fullPage: true });
    }
    // Illegal moves have no button at all.
    await expect(page.getByTestId('next-statuses').locator('[data-status="delivered"]')).toHaveCount(legal.includes('delivered') ? 1 : 0);
    await page.getByTestId('next-statuses').locator(`[data-status="${status}"]`).click();
    await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', status);
  }
  await expect(page.getByTestId('no-next-status')).toBeVisible();
  await expect(page.getByTestId('assign-unavailable')).toBeVisible();
  // The audit trail names the admin on every change they made, in order.
  const audit = page.getByTestId('audit-row');
  await expect(audit).toHaveCount(7);
  await expect(audit.first()).toHaveAttribute('data-actor-type', 'vendor');
  await expect(audit.nth(1)).toHaveAttribute('data-status', 'assigned');
  await expect(audit.nth(1)).toContainText(`E2E Admin <${admin.email}>`);
  await expect(audit.last()).toHaveAttribute('data-status', 'qa_qc');
  await expect(audit.last()).toHaveAttribute('data-actor-type', 'admin');
  await expectNoSeriousAxeViolations(page, 'admin dispatch (en)');

  // The driver-delivered one goes to QA from its page too.
  await page.goto(`/admin/dispatches/${withMedia!.id}`);
  await expect.poll(shown).toEqual(['qa_qc']);
  await page.getByTestId('next-statuses').locator('[data-status="qa_qc"]').click();
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'qa_qc');

  // The QA queue: both, newest first; the driver's photo as a thumbnail that opens in a new tab.
  await page.getByRole('link', { name: 'QA queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'QA queue' })).toBeVisible();
  const mediaRow = page.locator(`[data-testid="qa-row"][data-id="${withMedia!.id}"]`);
  const buttonRow = page.locator(`[data-testid="qa-row"][data-id="${byButtons!.id}"]`);
  await expect(mediaRow).toBeVisible();
  await expect(buttonRow).toContainText('No media sent');
  const links = mediaRow.getByTestId('media-link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveAttribute('href', media.door);
  await expect(links.first().locator('img')).toHaveJSProperty('complete', true);
  expect(await links.first().locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(links.nth(1).locator('img')).toHaveCount(0);
  const [photo] = await Promise.all([page.waitForEvent('popup'), links.first().click()]);
  expect(photo.url()).toBe(media.door);
  await photo.close();
  await expectNoSeriousAxeViolations(page, 'QA queue (en)');
  await mediaRow.getByRole('link', { name: `Open ${withMedia!.r_id}` }).click();
  await expect(page).toHaveURL(`/admin/dispatches/${withMedia!.id}`);

  // Arabic: the dispatch page and the QA queue, right to left, with no serious violation.
  await inArabic(page);
  await expect(page.getByTestId('admin-actions')).toContainText('إجراءات المشرف');
  await expect(page.getByTestId('audit-trail')).toContainText('سجل التدقيق');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-dispatch-detail-ar.png', fullPage: true });
  await expectNoSeriousAxeViolations(page, 'admin dispatch (ar)');
  await page.goto('/admin/qa');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مراجعة الجودة');
  await expect(page.locator(`[data-testid="qa-row"][data-id="${byButtons!.id}"]`)).toContainText('لم تُرسَل وسائط');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/admin-qa-ar.png' });
  await expectNoSeriousAxeViolations(page, 'QA queue (ar)');
});

test('the console’s dispatch page follows the driver: their pin and ETA appear without a reload, and go when off duty', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const account = await createStaffAccount(request, `Tracking Kitchen ${run}`);
  const branch = `track-${run}`;
  await createDispatches(request, account, [`track-${run}`], branch);
  const [dispatch] = await listed(request, account, branch);
  const driverId = await createDriver(request, `Tracked Driver ${run}`);
  expect((await request.post(`/api/ops/dispatches/${dispatch!.id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);

  const admin = await createAdmin(request);
  await signInAdmin(page, admin);
  await page.goto(`/admin/dispatches/${dispatch!.id}`);
  await expect(page.getByTestId('driver-position')).toHaveText('The driver has not reported a position yet.');
  await expect(page.getByTestId('marker-driver')).toHaveCount(0);
  // About 1.2 km from the order's pickup (e2e/orders.ts): an ETA, no geofence status.
  const located = await request.post(`/api/ops/drivers/${driverId}/location`, { headers: OPS_HEADERS, data: { lat: 24.7011, lng: 46.6753 } });
  expect(located.status()).toBe(200);
  const minutes = (await located.json()).data.dispatches[0].eta_minutes as number;
  await expect(page.getByTestId('marker-driver')).toBeVisible();
  await expect(page.getByTestId('driver-position')).toHaveText(/^Last seen \d+ sec\.? ago$/);
  await expect(page.getByTestId('driver-eta')).toContainText(`Reaches the pickup in about ${minutes} min`);
  await expectNoSeriousAxeViolations(page, 'admin dispatch with a driver position (en)');

  // Cancelled asks for a reason and a confirmation first (e2e/cancel.spec.ts).
  await page.getByTestId('next-statuses').locator('[data-status="cancelled"]').click();
  await page.getByTestId('cancel-dialog').getByLabel('The customer cancelled').check();
  await page.getByTestId('cancel-dialog').getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('marker-driver')).toHaveCount(0);
  await expect(page.getByTestId('driver-eta')).toHaveCount(0);
});

import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { createStaffAccount, OPS_HEADERS, signIn } from './staff';
import { order } from './orders';

// The Dispatches page: server-rendered first page, newest first, cursor paging, search, filters
// in the URL, CSV export of the filtered list, live status changes, accessibility.

interface Listed {
  id: string;
  r_id: string;
  vendor_oid: string;
}

const COUNT = 30;

const rows = (page: Page) => page.getByTestId('dispatch-row');

async function idsShown(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-id') ?? ''));
}


test('staff find, page, filter, export and watch their dispatches', async ({ page, request }) => {
  test.setTimeout(180_000);
  const staff = await createStaffAccount(request, 'List Kitchen');
  const run = Date.now().toString(36);
  const apiHeaders = { 'x-api-key': staff.apiKey };
  for (let index = 0; index < COUNT; index++) {
    const base = order(`list-${run}-${index}`);
    const created = await request.post('/ext/dispatch', {
      headers: apiHeaders,
      data: {
        ...base,
        vendor_bid: index % 3 === 0 ? 'branch-north' : 'branch-south',
        user_metadata: { ...base.user_metadata, firstName: 'Customer', lastName: String(index), phone: `+9665000001${String(index).padStart(2, '0')}` },
        destination: { ...base.destination, address_line: `Street ${index}, Riyadh` },
      },
    });
    expect(created.status()).toBe(201);
  }
  const listed = (await (await request.get('/ext/dispatches?limit=50', { headers: apiHeaders })).json()).data as Listed[];
  expect(listed).toHaveLength(COUNT);
  const byOid = (index: number) => listed.find((record) => record.vendor_oid === `list-${run}-${index}`)!;

  // Layout shifts from the first paint on (the times and the live badge fill in after hydration).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, staff);

  // Newest first; the first page is in the server's HTML, not fetched afterwards.
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatches' })).toBeVisible();
  await expect(page).toHaveTitle('Dispatches · Dispatch');
  await expect(rows(page)).toHaveCount(25);
  await expect.poll(() => idsShown(page)).toEqual(listed.slice(0, 25).map((record) => record.id));
  const html = await (await page.request.get('/dispatches')).text();
  expect(html).toContain(listed[0]!.r_id);
  expect(html).toContain(`list-${run}-5`);
  const first = rows(page).first();
  await expect(first).toContainText(`list-${run}-29`);
  await expect(first).toContainText('Customer 29');
  await expect(first).toContainText('+966500000129');
  await expect(first).toContainText('Street 29, Riyadh');
  await expect(first.getByTestId('dispatch-status')).toHaveText('New');
  await expect(first.locator('time')).not.toBeEmpty();
  await expect(first.getByRole('link', { name: listed[0]!.r_id })).toHaveAttribute('href', `/dispatches/${listed[0]!.id}`);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('page-number')).toHaveText('Page 1');
  // Nothing moved while the page loaded, hydrated, filled in its times and went live.
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);

  // Paging with the API's cursor, kept in the URL; Previous and the back button return.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(rows(page)).toHaveCount(COUNT - 25);
  await expect.poll(() => idsShown(page)).toEqual(listed.slice(25).map((record) => record.id));
  await expect(page.getByTestId('page-number')).toHaveText('Page 2');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(rows(page)).toHaveCount(25);
  await expect.poll(() => idsShown(page)).toEqual(listed.slice(0, 25).map((record) => record.id));
  await expect(page).not.toHaveURL(/cursor=/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(rows(page)).toHaveCount(COUNT - 25);
  await page.goBack();
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByTestId('page-number')).toHaveText('Page 1');

  // A status change shows up live: no reload (the marker set on this document survives).
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const driver = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: 'List Driver' } });
  expect(driver.status()).toBe(201);
  const assigned = await request.post(`/api/ops/dispatches/${listed[0]!.id}/assign`, {
    headers: OPS_HEADERS,
    data: { driver_id: (await driver.json()).data.id },
  });
  expect(assigned.status()).toBe(200);
  await expect(first.getByTestId('dispatch-status')).toHaveText('Driver assigned');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Search: vendor_oid, r_id (any case), customer phone in another format.
  const search = page.getByLabel('Search');
  await search.fill(`list-${run}-12`);
  await expect(page).toHaveURL(new RegExp(`q=list-${run}-12`));
  await expect(rows(page)).toHaveCount(1);
  await expect.poll(() => idsShown(page)).toEqual([byOid(12).id]);
  await search.fill(byOid(7).r_id.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  await expect.poll(() => idsShown(page)).toEqual([byOid(7).id]);
  await search.fill('0500000117');
  await expect(page).toHaveURL(/q=0500000117/);
  await expect(rows(page)).toHaveCount(1);
  await expect.poll(() => idsShown(page)).toEqual([byOid(17).id]);
  // A filtered URL is shareable: a fresh load shows the same result.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('0500000117');
  await expect.poll(() => idsShown(page)).toEqual([byOid(17).id]);

  // Nothing matches: its own empty state, and a way back.
  await search.fill('no-such-order');
  await expect(page.getByTestId('list-empty')).toContainText('No dispatches match these filters');
  await page.getByTestId('list-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page)).toHaveCount(25);
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/dispatches$/);

  // Status and branch filters.
  await page.getByLabel('Status').selectOption({ label: 'Driver assigned' });
  await expect(page).toHaveURL(/status=assigned/);
  await expect(rows(page)).toHaveCount(1);
  await expect.poll(() => idsShown(page)).toEqual([listed[0]!.id]);
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  await page.getByLabel('Branch').fill('branch-north');
  await expect(page).toHaveURL(/vendor_bid=branch-north/);
  await expect(rows(page)).toHaveCount(COUNT / 3);
  for (const text of await rows(page).allTextContents()) expect(text).toContain('branch-north');

  // Export: every row of the filtered list, as CSV with a BOM.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dispatches-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'id,r_id,vendor_oid,vendor_bid,status,customer_name,customer_phone,destination_address,created_at,order_price,currency,payment_type,delivery_price,vat_price,total_price,price_currency,pickup_ready_at,ready_at,driver_name,delivered_at,cancellation_reason,cancellation_note,cash_collected',
  );
  expect(lines).toHaveLength(1 + COUNT / 3);
  const exported = lines.slice(1).map((line) => line.split(',')[2]);
  expect(exported).toEqual(listed.filter((record) => Number(record.vendor_oid.split('-').at(-1)) % 3 === 0).map((record) => record.vendor_oid));
  expect(lines[1]).toContain(`,list-${run}-27,branch-north,new,Customer 27,'+966500000127,"Street 27, Riyadh",`);

  // Creation days (the viewer's local days): today holds everything, yesterday nothing.
  await page.getByTestId('filters-clear').click();
  await expect(rows(page)).toHaveCount(25);
  const [today, yesterday] = await page.evaluate(() => {
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const now = new Date();
    return [day(now), day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))];
  });
  await page.getByLabel('Created from').fill(today);
  await page.getByLabel('Created to').fill(today);
  await expect(page).toHaveURL(new RegExp(`created_from=${today}&created_to=${today}`));
  await expect(rows(page)).toHaveCount(25);
  await page.getByLabel('Created from').fill(yesterday);
  await page.getByLabel('Created to').fill(yesterday);
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await page.getByTestId('filters-clear').click();
  await expect(rows(page)).toHaveCount(25);

  // Keyboard: the row's link is reachable and opens the dispatch.
  await first.getByRole('link').focus();
  await expect(first.getByRole('link')).toBeFocused();

  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'en /dispatches');
  // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's pictures.
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/dispatch-list.png' });

  // Arabic: the same list, right to left, in Arabic, with no serious violation either.
  await page.getByTestId('language-ar').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الطلبات');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(first.getByTestId('dispatch-status')).toHaveText('تم تعيين سائق');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'ar /dispatches');
});

test('a new account sees the empty state, with the way to create a dispatch', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Empty Kitchen');
  await signIn(page, staff);
  const empty = page.getByTestId('list-empty');
  await expect(empty).toContainText('No dispatches yet');
  await expect(empty.getByRole('link', { name: 'New dispatch' })).toHaveAttribute('href', '/dispatches/new');
  await expect(page.getByTestId('filters-clear')).toBeHidden();
});

test('an unusable filter in the URL is an error with a retry and a way out', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Error Kitchen');
  await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`ERR-${Date.now()}`) });
  await signIn(page, staff);
  await page.goto('/dispatches?status=flying');
  const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(alert).toContainText('status');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await alert.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
});

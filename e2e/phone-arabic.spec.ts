import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { assign, createDispatch, createDriver, createOpsDriver, createVendor, signInDriver } from './drivers';
import { order } from './orders';
import { startReceiver } from './receiver';
import { createStaffWithWebhook, signIn } from './staff';

// "Phone and Arabic": on a 390 px phone the webhook delivery tables were 680-690 px wide in a
// 322 px box (status and Redeliver off screen, no sign that the table scrolled), the console's
// navigation was cut at "Drive…", and Arabic read phone numbers as "966509998877+" and cut the
// delivery log's ids from their start. Each at 390 px and on a desktop, in English and Arabic.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const LANGUAGES = ['en', 'ar'] as const;
const CUSTOMER_PHONE = '+966509998877';

async function setLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  // For the whole site: a cookie set for the current page's URL is scoped to its folder.
  await page.context().addCookies([{ name: 'locale', value: language, url: new URL('/', page.url()).href }]);
}

/** Runs `check` at each size, in each language (set for the whole site first). */
async function atEachSizeAndLanguage(page: Page, check: (at: { size: (typeof SIZES)[number][0]; language: (typeof LANGUAGES)[number]; where: string }) => Promise<void>) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    for (const language of LANGUAGES) {
      await setLanguage(page, language);
      await check({ size, language, where: `${size} ${language}` });
    }
  }
}

/** The page's own width against the viewport's: more is a sideways scroll of the whole page. */
function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
}

/**
 * Whether the element is wholly on screen once the page (not any box inside it) is scrolled to it:
 * a table box scrolled sideways to show it does not count.
 */
async function expectOnScreen(locator: Locator, what: string) {
  await locator.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 120));
  await expect(locator, what).toBeInViewport({ ratio: 1 });
}

/** Whether a phone number reads "+966…" on screen: its "+" stands left of its first digit. */
function readsPlusFirst(locator: Locator) {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const at = node.data.indexOf('+');
      if (at < 0 || at + 1 >= node.data.length) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const plus = range.getBoundingClientRect();
      range.setStart(node, at + 1);
      range.setEnd(node, at + 2);
      const digit = range.getBoundingClientRect();
      return plus.left < digit.left;
    }
    return null;
  });
}

/** Whether an id cut with an ellipsis keeps its start on screen: its first character starts at the box's left edge or after. */
function keepsStart(locator: Locator) {
  return locator.evaluate((element) => {
    const node = [...element.childNodes].find((child): child is Text => child.nodeType === Node.TEXT_NODE && (child as Text).data.length > 1);
    if (!node) return null;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const first = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { direction: getComputedStyle(element).direction, visible: first.left >= box.left - 0.5 && first.right <= box.right + 0.5 };
  });
}

test('webhook delivery tables: rows are cards with status and Redeliver on a phone, a table on a desktop; ids and phones read left to right', async ({ page, request }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const hookUrl = `${receiver.url}/${'a-long-path-segment'.repeat(4)}?token=0123456789abcdef`;
    const { staff, vendor } = await createStaffWithWebhook(request, 'Phone Arabic Kitchen', hookUrl);
    const oid = `PHONE-AR-${Date.now()}`;
    const base = order(oid);
    const created = await request.post('/ext/dispatch', { headers: vendor, data: { ...base, user_metadata: { ...base.user_metadata, phone: CUSTOMER_PHONE } } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data as { id: string };
    await assign(request, id, await createOpsDriver(request, { name: 'Phone Arabic Driver' }));

    await signIn(page, staff);
    await atEachSizeAndLanguage(page, async ({ size, language, where }) => {

      // Settings → webhook: the delivery log.
      await page.goto('/settings');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const log = page.getByTestId('delivery-log');
      const rows = log.getByTestId('delivery-row');
      await expect(rows.first()).toBeVisible();
      await expect(rows.filter({ has: page.getByTestId('redeliver') }).first(), `${where}: a finished delivery`).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const finished = rows.filter({ has: page.getByTestId('redeliver') }).first();
      await expectOnScreen(finished.getByTestId('delivery-status'), `${where}: the delivery log's status`);
      await expectOnScreen(finished.getByTestId('redeliver'), `${where}: the delivery log's Redeliver`);
      const width = await pageWidth(page);
      expect(width.scroll, `${where}: /settings is wider than the screen`).toBeLessThanOrEqual(width.client);
      const logTable = log.locator('table').first();
      if (size === 'phone') {
        // Nothing scrolls sideways inside its box either: the row is a card.
        expect(await logTable.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
        expect(await finished.evaluate((row) => getComputedStyle(row).display)).toBe('block');
      } else {
        // A table with its headings on a desktop.
        expect(await logTable.evaluate((table) => getComputedStyle(table).display)).toBe('table');
        await expect(log.getByRole('columnheader', { name: language === 'en' ? 'Status' : 'الحالة' })).toBeVisible();
      }
      // Either way screen readers meet a table: its headings, and cells without the visual labels.
      await expect(log.getByRole('columnheader', { name: language === 'en' ? 'Status' : 'الحالة', exact: true })).toHaveCount(1);
      const statusText = (await finished.getByTestId('delivery-status').textContent()) ?? '';
      await expect(finished.getByRole('cell', { name: statusText, exact: true })).toHaveCount(1);
      // The dispatch's id: left to right, cut at its end, its start on screen.
      const dispatchId = rows.getByTestId('delivery-dispatch-id').first();
      await expect(dispatchId).toBeVisible();
      expect(await keepsStart(dispatchId), `${where}: the id's start`).toEqual({ direction: 'ltr', visible: true });

      // The dispatch's page: its webhook deliveries, and the customer's phone.
      await page.goto(`/dispatches/${id}`);
      const deliveries = page.getByTestId('deliveries-table');
      await expect(deliveries.getByTestId('delivery-row').first()).toBeVisible({ timeout: 30_000 });
      await expectOnScreen(deliveries.getByTestId('delivery-status').first(), `${where}: the dispatch's delivery status`);
      const detailWidth = await pageWidth(page);
      expect(detailWidth.scroll, `${where}: the dispatch page is wider than the screen`).toBeLessThanOrEqual(detailWidth.client);
      if (size === 'phone') {
        expect(await deliveries.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
      } else {
        expect(await deliveries.evaluate((table) => getComputedStyle(table).display)).toBe('table');
      }
      const phone = page.getByTestId('customer-phone');
      await expect(phone).toHaveText(CUSTOMER_PHONE);
      expect(await readsPlusFirst(phone), `${where}: the customer's phone reads +966…`).toBe(true);
    });
  } finally {
    await receiver.close();
  }
});

test('console: every navigation item is on screen on a phone; drivers’ phones read +966… in Arabic', async ({ page, request }) => {
  test.setTimeout(120_000);
  const driverPhone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await createOpsDriver(request, { name: 'Phone Arabic Console Driver', phone: driverPhone });
  const admin = await createAdmin(request);
  await signInAdmin(page, admin);
  await atEachSizeAndLanguage(page, async ({ language, where }) => {
    await page.goto('/admin/drivers');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const links = page.locator('header nav').getByRole('link');
    await expect(links).toHaveCount(6);
    for (const link of await links.all()) await expect(link, `${where}: ${await link.textContent()}`).toBeInViewport({ ratio: 1 });
    const width = await pageWidth(page);
    expect(width.scroll, `${where}: the console is wider than the screen`).toBeLessThanOrEqual(width.client);

    const row = page.getByTestId('driver-row').filter({ hasText: 'Phone Arabic Console Driver' });
    const phone = row.getByTestId('driver-phone');
    await expect(phone).toHaveText(driverPhone);
    expect(await readsPlusFirst(phone), `${where}: the driver's phone reads +966…`).toBe(true);
  });
});

test('driver app: the sign-in hint’s phone number reads +966… in Arabic', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/driver/login');
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    await page.goto('/driver/login');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const hint = page.locator('#phone-hint');
    await expect(hint).toContainText('+966 50 000 0001');
    expect(await readsPlusFirst(hint), `${language}: the hint's phone reads +966…`).toBe(true);
  }
});

test('driver app: the call button of a customer known by phone only reads +966… in Arabic', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const driver = await createDriver(request, 'Phone Arabic App Driver');
  const vendor = await createVendor(request, 'Phone Arabic App Kitchen', 'none');
  // The default order's customer has a phone (+966500000001) and no first name: the button names the phone.
  const id = await createDispatch(request, vendor, `PHONE-APP-${Date.now()}`);
  await assign(request, id, driver.id);
  await signInDriver(page, driver);
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    await page.goto(`/driver/jobs/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const call = page.getByTestId('call-customer');
    await expect(call).toContainText('+966500000001');
    await expect(call).toHaveText(language === 'en' ? 'Call +966500000001' : 'اتصل بـ+966500000001');
    expect(await readsPlusFirst(call), `${language}: the call button's phone reads +966…`).toBe(true);
  }
});

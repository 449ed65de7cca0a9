import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createDriver } from './drivers';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS, signIn } from './staff';

// The restaurant's list answers what a dispatcher asks (issue 28): who carries each order and
// when they arrive, what it costs, and which orders are late or stuck — in the table on a desktop
// and in the cards on a phone, in English and Arabic; the CSV carries the driver too.

test('the list shows driver, price and what is late or stuck, desktop and phone, English and Arabic; the CSV names the driver', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await createStaffAccount(request, 'Attention Kitchen');
  const run = Date.now().toString(36);
  const create = async (oid: string) => {
    const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`${oid}-${run}`) });
    expect(created.status()).toBe(201);
    return (await created.json()).data.id as string;
  };
  const waiting = await create('waiting');
  const carried = await create('carried');
  const driver = await createDriver(request, `Omar ${run}`);
  expect((await request.post(`/api/ops/dispatches/${carried}/assign`, { headers: OPS_HEADERS, data: { driver_id: driver.id } })).status()).toBe(200);

  // The browser's clock 15 minutes on: the dispatch nobody took has waited too long.
  await page.clock.setFixedTime(new Date(Date.now() + 15 * 60_000));
  await signIn(page, staff);
  const row = (id: string) => page.locator(`[data-testid="dispatch-row"][data-id="${id}"]`);
  await expect(row(carried).getByTestId('dispatch-driver')).toHaveText(`Omar ${run}`);
  await expect(row(waiting)).toContainText('No driver yet');
  await expect(row(carried).getByTestId('dispatch-price')).toHaveText(/SAR/);
  await expect(row(waiting).getByTestId('dispatch-attention')).toHaveAttribute('data-reason', 'no_driver');
  await expect(row(waiting).getByTestId('dispatch-attention')).toHaveText(/^No driver for 1[45] min$/);
  await expect(row(carried).getByTestId('dispatch-attention')).toHaveCount(0);
  // The dispatch page says it too.
  await row(waiting).getByRole('link').first().click();
  await expect(page.getByTestId('dispatch-attention')).toHaveText(/^No driver for 1[45] min$/);
  await page.goBack();

  // The CSV: the driver's name on the carried dispatch's line.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const lines = fs.readFileSync(await (await downloading).path()).subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  const header = lines[0]!.split(',');
  const line = lines.find((text) => text.startsWith(`${carried},`))!.split(',');
  expect(line[header.indexOf('driver_name')]).toBe(`Omar ${run}`);

  // A phone in Arabic: the card keeps driver, price and the warning on screen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
    const small = await phone.newPage();
    await small.clock.setFixedTime(new Date(Date.now() + 15 * 60_000));
    await signIn(small, staff);
    const card = (id: string) => small.locator(`[data-testid="dispatch-row"][data-id="${id}"]`);
    await expect(card(waiting).getByTestId('dispatch-attention')).toContainText('بلا سائق منذ');
    await expect(card(waiting)).toContainText('لا يوجد سائق بعد');
    for (const part of [card(carried).getByTestId('dispatch-driver'), card(carried).getByTestId('dispatch-price'), card(waiting).getByTestId('dispatch-attention')]) {
      await expect(part).toBeVisible();
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.SCREENSHOTS) await small.screenshot({ path: 'e2e/screenshots/dispatch-list-phone-arabic.png' });
  } finally {
    await phone.close();
  }
});

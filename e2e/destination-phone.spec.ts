import { expect, test } from '@playwright/test';
import { order } from './orders';
import { createStaffAccount, signIn } from './staff';

// A destination change on a phone in Arabic (issue 28): the address is asked for when no address
// is known for the new pin, and the dispatch's history keeps the move with before and after.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a destination change on a phone in Arabic asks for the address and keeps the move in the history', async ({ page, request, context, baseURL }) => {
  const staff = await createStaffAccount(request, 'Phone Move Kitchen');
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`move-ar-${Date.now()}`) });
  const { id } = (await created.json()).data as { id: string };
  const before = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': staff.apiKey } })).json()).data.destination as { address_line?: string };
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, staff);
  await page.goto(`/dispatches/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'تغيير الوجهة' }).click();
  await page.getByLabel('خط العرض').fill('24.79');
  await page.getByLabel('خط الطول').fill('46.71');
  // Nothing typed and nothing known for that pin: confirming asks for the address.
  await page.getByRole('button', { name: 'تأكيد الوجهة الجديدة' }).click();
  await expect(page.getByLabel('العنوان', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('العنوان', { exact: true }).fill('طريق الملك فهد ١٢');
  await page.getByRole('button', { name: 'تأكيد الوجهة الجديدة' }).click();
  await expect(page.getByTestId('toast')).toContainText('تم تغيير الوجهة.');
  const history = page.getByTestId('destination-changes');
  await history.locator('summary').click();
  await expect(history.getByTestId('destination-after')).toHaveText('طريق الملك فهد ١٢');
  if (before.address_line) await expect(history.getByTestId('destination-before')).toHaveText(before.address_line);
  const box = (await history.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

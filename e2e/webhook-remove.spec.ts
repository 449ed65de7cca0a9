import { expect, test } from '@playwright/test';
import { startReceiver } from './receiver';
import { createStaffAccount, signIn } from './staff';

// Staff remove their webhook from Settings (issue 28: they could only replace it): a confirmation
// names the URL, then nothing is registered and the registration form is back — on a desktop in
// English and on a phone in Arabic.

for (const { name, viewport, locale } of [
  { name: 'desktop, English', viewport: { width: 1366, height: 768 }, locale: 'en' },
  { name: 'phone, Arabic', viewport: { width: 390, height: 844 }, locale: 'ar' },
] as const) {
  test(`staff remove their webhook after a confirmation (${name})`, async ({ browser, request, baseURL }) => {
    const receiver = await startReceiver();
    const context = await browser.newContext({ viewport });
    try {
      const staff = await createStaffAccount(request, `Remove Hook Kitchen ${locale}`);
      expect((await request.post('/ext/webhook', { headers: { 'x-api-key': staff.apiKey }, data: { webhook: receiver.url } })).status()).toBe(204);
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const page = await context.newPage();
      await signIn(page, staff);
      await page.goto('/settings');
      const endpoint = page.getByTestId('webhook-endpoint');
      await expect(endpoint).toContainText(receiver.url);
      await page.getByTestId('webhook-remove').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(receiver.url);
      await dialog.getByRole('button', { name: locale === 'en' ? 'Remove webhook' : 'إزالة الويب هوك' }).click();
      await expect(page.getByTestId('toast')).toContainText(locale === 'en' ? 'Webhook removed.' : 'تمت إزالة الويب هوك.');
      await expect(page.getByTestId('webhook-remove')).toHaveCount(0);
      expect((await request.get('/ext/webhook', { headers: { 'x-api-key': staff.apiKey } })).status()).toBe(404);
    } finally {
      await context.close();
      await receiver.close();
    }
  });
}

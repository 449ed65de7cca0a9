import { expect, test } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS } from './staff';

// The console's assign picker (issue 28): only drivers who may carry the dispatch — never another
// account's simulated drivers, which assigning would refuse — with duty, distance and load, on a
// desktop in English and on a phone in Arabic.

for (const { name, viewport, locale } of [
  { name: 'desktop, English', viewport: { width: 1366, height: 768 }, locale: 'en' },
  { name: 'phone, Arabic', viewport: { width: 390, height: 844 }, locale: 'ar' },
] as const) {
  test(`the assign picker offers who can take the dispatch, with duty, distance and load (${name})`, async ({ browser, request, baseURL }) => {
    const run = `${Date.now().toString(36)}${locale}`;
    const staff = await createStaffAccount(request, `Picker Kitchen ${run}`);
    const sandbox = await createStaffAccount(request, `Picker Sandbox ${run}`);
    expect((await request.patch(`/api/ops/accounts/${sandbox.accountId}/modes`, { headers: OPS_HEADERS, data: { sandbox: true } })).status()).toBe(200);
    const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`picker-${run}`) });
    const { id } = (await created.json()).data as { id: string };
    const made = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: `Picker ${run}`, on_duty: true } });
    const driverId = (await made.json()).data.id as string;
    const pickup = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': staff.apiKey } })).json()).data.pickup as { lat: number; lng: number };
    expect((await request.post(`/api/ops/drivers/${driverId}/location`, { headers: OPS_HEADERS, data: { lat: pickup.lat + 2 / 111, lng: pickup.lng } })).status()).toBe(200);
    // The sandbox's own simulated driver, named like ours: never offered for this account's dispatch.
    const simulated = await request.post('/ext/dispatch', { headers: { 'x-api-key': sandbox.apiKey }, data: order(`sim-${run}`) });
    expect(simulated.status()).toBe(201);
    const simulatedId = (await simulated.json()).data.id as string;
    await expect
      .poll(async () => (await (await request.get(`/ext/dispatch/${simulatedId}`, { headers: { 'x-api-key': sandbox.apiKey } })).json()).data.assigned_driver_id, { timeout: 30_000 })
      .not.toBeNull();

    const context = await browser.newContext({ viewport });
    try {
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const page = await context.newPage();
      await signInAdmin(page, await createAdmin(request));
      await page.goto(`/admin/dispatches/${id}`);
      // Without a search: real drivers only (every simulated driver belongs to another account).
      const select = page.getByTestId('assign-driver-select');
      await expect(select.locator('option').nth(1)).toBeAttached();
      await expect(select.locator('option', { hasText: 'Sandbox driver' })).toHaveCount(0);
      await page.locator('#assign-driver-search').fill(run.slice(0, -2));
      const option = page.getByTestId('assign-driver-select').locator(`option[value="${driverId}"]`);
      await expect(option).toHaveCount(1);
      await expect(option).toContainText(locale === 'en' ? /on duty · 2 km away/ : /في الخدمة · على بُعد 2 كم/);
      await page.getByTestId('assign-driver-select').selectOption(driverId);
      await page.getByTestId('assign-driver').click();
      await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'assigned');
    } finally {
      await context.close();
    }
  });
}

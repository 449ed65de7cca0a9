import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createStaffAccount, signIn } from './staff';
import { order } from './orders';

// An axe-core scan of every dashboard page, in English and in Arabic: no serious or critical
// violation. (Each feature's own spec scans its page in the states it reaches.)

async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('every dashboard page passes axe in English and Arabic, and loads nothing from another origin', async ({ page, request }) => {
  const foreign: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) foreign.push(sent.url());
  });
  const staff = await createStaffAccount(request, 'Axe Kitchen');
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`AXE-${Date.now()}`) });
  const { id } = (await created.json()).data as { id: string };

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in');
  await signIn(page, staff);

  for (const language of ['en', 'ar'] as const) {
    await page.context().addCookies([{ name: 'locale', value: language, url: page.url() }]);
    for (const path of ['/dispatches', '/dispatches/new', `/dispatches/${id}`, '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Scan the page as a user sees it: data shown, nothing still loading (the live event stream
      // keeps a request open, so "network idle" never comes).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.waitForTimeout(300);
      await expectNoSeriousViolations(page, `${language} ${path}`);
    }
  }
  // No CDN fonts, scripts, styles or map tiles (tests run with MAP_TILE_URL empty).
  expect(foreign).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { createStaffAccount, signIn } from './staff';
import { order } from './orders';

// An axe-core scan of every dashboard page, in English and in Arabic: no serious or critical
// violation. (Each feature's own spec scans its page in the states it reaches.)


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
  await expectNoSeriousAxeViolations(page, 'sign-in');
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
      await expectNoSeriousAxeViolations(page, `${language} ${path}`);
    }
  }
  // No CDN fonts, scripts, styles or map tiles (tests run with MAP_TILE_URL empty).
  expect(foreign).toEqual([]);
});

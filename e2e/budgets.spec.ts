import { expect, test } from '@playwright/test';
import { createOpsDriver } from './drivers';
import { createStaffAccount, OPS_HEADERS, signIn } from './staff';
import { order } from './orders';
import { cumulativeLayoutShift, firstLoadJs, largestContentfulPaint } from './web-vitals';

// The budgets, measured on the production build `npm start` serves: the dispatch list's
// first-load JavaScript ≤ 180 KB gzip (the map is code-split) and its LCP < 1.5 s on localhost.

const FIRST_LOAD_JS_BUDGET = 180 * 1024;
const LCP_BUDGET_MS = 1_500;

test('the dispatch list loads ≤ 180 KB of gzipped JavaScript, no map code, and paints within 1.5 s', async ({ browser, page, request }) => {
  const staff = await createStaffAccount(request, 'Budget Kitchen');
  for (let i = 0; i < 25; i++) {
    const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`BUDGET-${i}`) });
    expect(created.status()).toBe(201);
  }
  await signIn(page, staff);

  // Warm the server once, then a fresh context (empty cache, same session) loads the page.
  await page.goto('/dispatches', { waitUntil: 'load' });
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  const document = await fresh.goto('/dispatches', { waitUntil: 'load' });
  await expect(fresh.getByRole('table')).toBeVisible();

  const js = await firstLoadJs(request, await document!.text());
  console.log(`dispatch list first-load JS: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.scripts} scripts`);
  expect(js.gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);

  const lcp = await largestContentfulPaint(fresh);
  console.log(`dispatch list LCP: ${lcp.toFixed(0)} ms`);
  expect(lcp).toBeLessThan(LCP_BUDGET_MS);

  // No layout shift when the data and the client-rendered times arrive (CLS, "good" < 0.1).
  await fresh.waitForTimeout(1_000);
  const shift = await cumulativeLayoutShift(fresh);
  console.log(`dispatch list cumulative layout shift: ${shift.toFixed(3)}`);
  expect(shift).toBeLessThan(0.1);
  await context.close();
});

// The driver app on a phone: its pages' first-load JavaScript ≤ 150 KB gzip (the job screen's
// map is a chunk of its own, loaded after), and the home screen's LCP < 1.5 s at 390×844.
const DRIVER_FIRST_LOAD_JS_BUDGET = 150 * 1024;

test('the driver app loads ≤ 150 KB of gzipped JavaScript without the map, and paints within 1.5 s on a phone', async ({ browser, request }) => {
  const driverId = await createOpsDriver(request, { name: 'Budget Driver' });
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  expect((await request.post(`/api/ops/drivers/${driverId}/sign-in`, { headers: OPS_HEADERS, data: { phone, pin: '583017' } })).status()).toBe(201);
  const staff = await createStaffAccount(request, 'Driver Budget Kitchen');
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`DRIVER-BUDGET-${Date.now()}`) });
  const dispatchId = (await created.json()).data.id as string;
  expect((await request.post(`/api/ops/dispatches/${dispatchId}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);

  const phoneSize = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  // Service workers off: the measure is a first visit's, not one served from the app's cache.
  const warm = await browser.newContext({ ...phoneSize, serviceWorkers: 'block' });
  const warmPage = await warm.newPage();
  await warmPage.goto('/driver/login');
  expect((await warmPage.request.post('/api/session', { data: { phone, pin: '583017' }, headers: { origin: new URL(warmPage.url()).origin } })).status()).toBe(200);
  await warmPage.goto('/driver', { waitUntil: 'load' });
  await warmPage.goto(`/driver/jobs/${dispatchId}`, { waitUntil: 'load' });

  const context = await browser.newContext({ ...phoneSize, serviceWorkers: 'block', storageState: await warm.storageState() });
  await warm.close();
  const fresh = await context.newPage();
  for (const pathname of ['/driver', `/driver/jobs/${dispatchId}`]) {
    const document = await fresh.goto(pathname, { waitUntil: 'load' });
    expect(document!.status()).toBe(200);
    const js = await firstLoadJs(request, await document!.text());
    console.log(`driver app ${pathname}: first-load JS ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.scripts} scripts`);
    expect(js.gzipBytes).toBeLessThanOrEqual(DRIVER_FIRST_LOAD_JS_BUDGET);
  }

  const home = await context.newPage();
  await home.goto('/driver', { waitUntil: 'load' });
  await expect(home.getByTestId('duty-switch')).toBeVisible();
  const lcp = await largestContentfulPaint(home);
  console.log(`driver app home LCP: ${lcp.toFixed(0)} ms`);
  expect(lcp).toBeLessThan(LCP_BUDGET_MS);
  await context.close();
});

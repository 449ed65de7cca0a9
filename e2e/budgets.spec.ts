import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createStaffAccount, signIn } from './staff';
import { order } from './orders';

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

  // First-load JS as Next defines it: every script the page's HTML loads (later prefetches of
  // linked pages are not part of it). Sizes are gzip of the served files.
  const html = await document!.text();
  // `noModule` scripts (Next's core-js polyfills, ~39 KB) run only in browsers without ES modules.
  const sources = [...new Set([...html.matchAll(/<script(?![^>]*\bnoModule\b)[^>]+src="([^"]+)"/gi)].map((match) => match[1]!))];
  expect(sources.length).toBeGreaterThan(0);
  let total = 0;
  for (const source of sources) {
    const script = await request.get(source);
    expect(script.status(), source).toBe(200);
    const body = await script.body();
    total += zlib.gzipSync(body).length;
    expect(body.includes('leaflet'), `${source} holds map code`).toBe(false);
  }
  console.log(`dispatch list first-load JS: ${(total / 1024).toFixed(1)} KB gzip in ${sources.length} scripts`);
  expect(total).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);

  const lcp = await fresh.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  console.log(`dispatch list LCP: ${lcp.toFixed(0)} ms`);
  expect(lcp).toBeLessThan(LCP_BUDGET_MS);

  // No layout shift when the data and the client-rendered times arrive (CLS, "good" < 0.1).
  await fresh.waitForTimeout(1_000);
  const shift = await fresh.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
  console.log(`dispatch list cumulative layout shift: ${shift.toFixed(3)}`);
  expect(shift).toBeLessThan(0.1);
  await context.close();
});

import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// How the budgets (CONTRIBUTING.md, "Budgets and accessibility") measure a page of the
// production build: its first-load JavaScript, its largest contentful paint and its layout shift.

/**
 * First-load JS as Next defines it: every script the page's HTML loads (later prefetches of
 * linked pages are not part of it), in gzip bytes of the served files. None may hold map code
 * (maps load only after the page). `noModule` scripts (Next's core-js polyfills, ~39 KB) run only
 * in browsers without ES modules and are left out.
 */
export async function firstLoadJs(request: APIRequestContext, html: string): Promise<{ gzipBytes: number; scripts: number }> {
  const sources = [...new Set([...html.matchAll(/<script(?![^>]*\bnoModule\b)[^>]+src="([^"]+)"/gi)].map((match) => match[1]!))];
  expect(sources.length).toBeGreaterThan(0);
  let gzipBytes = 0;
  for (const source of sources) {
    const script = await request.get(source);
    expect(script.status(), source).toBe(200);
    const body = await script.body();
    gzipBytes += zlib.gzipSync(body).length;
    expect(body.includes('leaflet'), `${source} holds map code`).toBe(false);
  }
  return { gzipBytes, scripts: sources.length };
}

/** The page's largest contentful paint so far, in milliseconds. */
export function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** The page's cumulative layout shift so far ("good" < 0.1), shifts right after an input left out. */
export function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );
}

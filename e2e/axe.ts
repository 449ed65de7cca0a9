import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * What the browser refused under the page's Content-Security-Policy so far (Chromium reports each
 * refusal on the console: "Refused to load the script …", "Applying inline style violates …").
 */
export async function cspViolations(page: Page): Promise<string[]> {
  return (await page.consoleMessages()).map((message) => message.text()).filter((text) => /Content Security Policy/i.test(text));
}

/**
 * An axe-core scan of the page as it is now: no serious or critical violation (the bar),
 * and nothing refused by the CSP on this page or the ones before it (a refused script or style
 * is a broken page).
 */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  expect(await cspViolations(page), `${label}: Content-Security-Policy violations`).toEqual([]);
  // Next.js streams a page's metadata: after a client-side navigation the new <title> can land a
  // moment after the content. Wait for it (a page that never gets one still fails here).
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

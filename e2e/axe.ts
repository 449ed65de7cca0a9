import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An axe-core scan of the page as it is now: no serious or critical violation (the bar). */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  // Next.js streams a page's metadata: after a client-side navigation the new <title> can land a
  // moment after the content. Wait for it (a page that never gets one still fails here).
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

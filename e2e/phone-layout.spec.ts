import { expect, test, type Locator, type Page } from '@playwright/test';
import { advanceAsNewDriver } from './drivers';
import { order } from './orders';
import { startReceiver } from './receiver';
import { createStaffWithWebhook, signIn } from './staff';

// Issue 19: on a phone (390 px) the language switch was clipped, the header took three rows, the
// dispatch list scrolled sideways with the status off screen, /settings overflowed by 6 px and
// /settings/api-keys was 547 px wide. Every staff page, in English and Arabic, must fit the
// phone's width, with long URLs, codes and names in it.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * What sticks out of the viewport: the page's own width, any header element past either edge,
 * and the page's elements past an edge that no box of their own scrolls (what made it wide).
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const isOutside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    };
    const describe = (element: Element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.trim().slice(0, 30)}`;
    const header = document.querySelector('header');
    const outside = [...(header?.querySelectorAll('*') ?? [])].filter(isOutside).map(describe);
    const isScrolledInside = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('main *')]
      .filter((element) => isOutside(element) && !isScrolledInside(element))
      .map((element) => `${describe(element)} (${Math.round(element.getBoundingClientRect().left)}..${Math.round(element.getBoundingClientRect().right)})`)
      .slice(0, 8);
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside, wide, headerHeight: header?.getBoundingClientRect().height ?? 0 };
  });
}

test('every staff page fits a 390 px phone in English and Arabic', async ({ page, request }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    // A long webhook URL: the endpoint card and the delivery log must wrap or cut it, not widen the page.
    const hookUrl = `${receiver.url}/${'a-very-long-path-segment-without-breaks'.repeat(3)}?token=0123456789abcdef0123456789abcdef`;
    const { staff, vendor } = await createStaffWithWebhook(request, 'Phone Kitchen', hookUrl);
    const oid = `PHONE-${Date.now()}`;
    const created = await request.post('/ext/dispatch', {
      headers: vendor,
      data: { ...order(oid), vendor_payload: { payment_type: 'CASH', order_price: 42.5, currency: 'SAR' } },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data as { id: string };
    const driverId = await advanceAsNewDriver(request, id, ['accepted'], 'Phone Driver');

    await signIn(page, staff);
    // The dashboard's own writes: a branch and a key with long names and codes.
    const dashboard = { origin: new URL(page.url()).origin };
    const branch = await page.request.post('/api/staff/branches', {
      headers: dashboard,
      data: {
        name: 'Olaya North Kitchen and Central Commissary',
        vendor_bid: 'olaya-north-central-commissary-0001',
        pickup: { lat: 24.695, lng: 46.685, address_line: 'King Fahd Road, Al Olaya District, Riyadh 12211, Kingdom of Saudi Arabia' },
      },
    });
    expect(branch.status()).toBe(201);
    expect((await page.request.post('/api/staff/api-keys', { headers: dashboard, data: { name: 'Point of sale integration, main counter' } })).status()).toBe(201);

    /** Each page with what shows it is the real page, loaded (not its error boundary, not a skeleton). */
    const pages: { path: string; ready: (language: 'en' | 'ar') => Locator }[] = [
      { path: '/dispatches', ready: () => page.getByTestId('dispatch-row').filter({ hasText: oid }) },
      { path: `/dispatches/${id}`, ready: () => page.getByTestId('timeline') },
      { path: '/dispatches/new', ready: (language) => page.getByRole('button', { name: language === 'en' ? 'Create dispatch' : 'إنشاء طلب التوصيل' }) },
      { path: '/settings', ready: () => page.getByTestId('delivery-row').first() },
      { path: '/settings/api-keys', ready: () => page.getByTestId('api-key-row').filter({ hasText: 'Point of sale integration' }) },
      { path: '/settings/branches', ready: () => page.getByTestId('branch-row').filter({ hasText: 'olaya-north-central-commissary-0001' }) },
      { path: '/settings/tariff', ready: () => page.getByTestId('tariff').locator('dd').first() },
    ];
    for (const language of ['en', 'ar'] as const) {
      // For the whole site: a cookie set for the current page's URL is scoped to its folder.
      await page.context().addCookies([{ name: 'locale', value: language, url: new URL('/', page.url()).href }]);
      for (const { path, ready } of pages) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(ready(language), `${language} ${path}: the page's content`).toBeVisible();
        await expect(page.locator('.alert--error'), `${language} ${path}: an error on the page`).toHaveCount(0);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.waitForTimeout(300);
        const measured = await overflow(page);
        // Soft: one run reports every page that is too wide, with the elements that widen it.
        expect.soft(measured.scrollWidth, `${language} ${path}: page wider than the phone: ${measured.wide.join(' | ')}`).toBeLessThanOrEqual(measured.clientWidth);
        expect.soft(measured.outside, `${language} ${path}: header elements outside the viewport`).toEqual([]);
        // Brand, navigation and the language/sign-out controls: two rows at most.
        expect(measured.headerHeight, `${language} ${path}: header height`).toBeLessThanOrEqual(110);
        await expect(page.getByTestId(`language-${language === 'en' ? 'ar' : 'en'}`)).toBeInViewport({ ratio: 1 });

        if (path === '/dispatches') {
          // The row's status is on screen, not past a sideways scroll.
          await expect(ready(language).getByTestId('dispatch-status')).toBeInViewport({ ratio: 1 });
        }
        if (path === `/dispatches/${id}`) {
          // Actors by name or role, never a raw id; the payment type in words.
          const actors = page.getByTestId('timeline-actor');
          await expect(actors).toHaveCount(3);
          await expect(actors.nth(0)).toHaveText(language === 'en' ? 'by Restaurant (API)' : 'بواسطة المطعم (عبر واجهة API)');
          await expect(actors.nth(2)).toHaveText(language === 'en' ? 'by Driver Phone Driver' : 'بواسطة السائق Phone Driver');
          await expect(page.getByTestId('timeline')).not.toContainText(driverId);
          await expect(page.getByTestId('payment-type')).toHaveText(language === 'en' ? 'Cash' : 'نقدًا');
          if (language === 'ar') await expect(page.getByTestId('timeline')).toContainText('وافق السائق');
        }
        if (path === '/settings/api-keys' || path === '/settings/branches') {
          // Each row's action button is reachable on the phone's screen.
          await expect(ready(language).getByRole('button').first()).toBeInViewport({ ratio: 1 });
        }
      }
    }
  } finally {
    await receiver.close();
  }
});

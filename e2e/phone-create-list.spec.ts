import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS, signIn } from './staff';

// Issue: a new restaurant manager on a 390 px phone and a 1366 px desktop. The New dispatch page's
// help said two different things and spoke of arrow keys on a phone; Create was five screens away
// from the price; the list's filters filled the phone's first screen. Now: one instruction (the
// arrow keys only where there is a mouse and keyboard), the total and Create in a bar at the
// bottom of the phone's screen, and the list's filters folded behind a toggle on the phone.

const OLAYA = { lat: 24.695, lng: 46.685, address_line: 'Olaya St, Riyadh' };

const TEXT = {
  en: {
    title: 'New dispatch',
    instruction: 'The pickup is the branch’s address. Tap or click the map to place the destination. Drag a pin to move it.',
    placed: 'Both pins are placed: drag a pin to move it.',
    pickupFirst: 'then again to place the destination',
    keyboard: 'With a keyboard: Tab to a pin and move it with the arrow keys.',
    noPrice: 'No price yet',
    create: 'Create dispatch',
    created: 'Dispatch created',
    phone: 'Phone',
    email: 'Email',
    filters: 'Filters',
    oneActive: 'Filters, 1 active',
    assigned: 'Driver assigned',
  },
  ar: {
    title: 'طلب توصيل جديد',
    instruction: 'نقطة الاستلام هي عنوان الفرع. انقر على الخريطة أو المسها لتحديد الوجهة. اسحب الدبوس لتعديل موقعه.',
    placed: 'تم وضع الدبوسين: اسحب الدبوس لتعديل موقعه.',
    pickupFirst: 'ثم مرة أخرى لتحديد الوجهة',
    keyboard: 'باستخدام لوحة المفاتيح: انتقل إلى الدبوس بمفتاح Tab وحرّكه بمفاتيح الأسهم.',
    noPrice: 'لا يوجد سعر بعد',
    create: 'إنشاء طلب التوصيل',
    created: 'تم إنشاء طلب التوصيل',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    filters: 'عوامل التصفية',
    oneActive: 'عوامل التصفية، 1 مفعّلة',
    assigned: 'تم تعيين سائق',
  },
} as const;

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false },
} as const;

const rows = (page: Page) => page.getByTestId('dispatch-row');

for (const [size, options] of Object.entries(SIZES) as [keyof typeof SIZES, (typeof SIZES)[keyof typeof SIZES]][]) {
  test.describe(`on a ${options.viewport.width} px ${size}`, () => {
    test.use(options);
    const isPhone = size === 'phone';

    for (const language of ['en', 'ar'] as const) {
      const text = TEXT[language];

      test(`${language}: one map instruction, the total beside Create, and filters that leave the list on the first screen`, async ({ page, baseURL }) => {
        test.setTimeout(150_000);
        const staff = await createStaffAccount(page.request, `E2E Phone Create ${size} ${language}`);
        // No simulator and no engine: only the ops API moves a dispatch.
        const modes = await page.request.patch(`/api/ops/accounts/${staff.accountId}/modes`, {
          headers: OPS_HEADERS,
          data: { auto_assign: false, sandbox: false },
        });
        expect(modes.status()).toBe(200);
        // Three dispatches, one of them given a driver.
        const ids: string[] = [];
        for (let index = 0; index < 3; index++) {
          const created = await page.request.post('/ext/dispatch', {
            headers: { 'x-api-key': staff.apiKey },
            data: order(`phone-${Date.now()}-${index}`),
          });
          expect(created.status()).toBe(201);
          ids.push((await created.json()).data.id as string);
        }
        const driver = await page.request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: 'Phone Create Driver' } });
        expect(driver.status()).toBe(201);
        const assigned = await page.request.post(`/api/ops/dispatches/${ids[0]}/assign`, {
          headers: OPS_HEADERS,
          data: { driver_id: (await driver.json()).data.id },
        });
        expect(assigned.status()).toBe(200);

        await signIn(page, staff);
        const branch = await page.request.post('/api/staff/branches', {
          headers: { origin: baseURL! },
          data: { vendor_bid: 'olaya', name: 'Olaya', pickup: OLAYA },
        });
        expect(branch.status()).toBe(201);
        await page.context().addCookies([{ name: 'locale', value: language, url: baseURL! }]);

        // ----- New dispatch: the help is one instruction -----
        await page.goto('/dispatches/new');
        await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
        await expect(page.getByTestId('marker-pickup')).toBeVisible();
        const route = page.locator('section[aria-labelledby="route-title"]');
        await expect(page.getByTestId('map-help')).toHaveCount(1);
        await expect(page.getByTestId('map-click-hint')).toHaveText(text.instruction);
        // Not a second, contradicting one (the pickup-first instruction is for accounts without a branch).
        await expect(route).not.toContainText(text.pickupFirst);
        const keyboardHint = page.getByTestId('map-keyboard-hint');
        if (isPhone) {
          await expect(keyboardHint).toBeHidden();
          await expect(route).not.toContainText(text.keyboard, { useInnerText: true });
        } else {
          await expect(keyboardHint).toBeVisible();
          await expect(keyboardHint).toHaveText(text.keyboard);
        }

        // ----- the total and Create together -----
        const create = page.getByRole('button', { name: text.create });
        await expect(create).toHaveCount(1);
        const total = page.getByTestId('summary-total');
        await expect(total).toHaveText(text.noPrice);
        if (isPhone) {
          // At the top of the form the bar is already on the screen.
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          await expect(create).toBeInViewport({ ratio: 1 });
          await expect(total).toBeInViewport({ ratio: 1 });
        }

        // A click (a tap on the phone) places the destination.
        const map = (await page.locator('.leaflet-container').boundingBox())!;
        const at = { x: map.x + map.width * (language === 'ar' ? 0.25 : 0.75), y: map.y + map.height * 0.3 };
        if (isPhone) await page.touchscreen.tap(at.x, at.y);
        else await page.mouse.click(at.x, at.y);
        await expect(page.getByTestId('marker-destination')).toBeVisible();
        await expect(page.getByTestId('map-click-hint')).toHaveText(text.placed);
        // The bar shows the panel's own total (one estimate, not a second query).
        await expect(page.getByTestId('estimate-5')).toHaveText(/^\d+\.\d{2} SAR$/);
        await expect(total).toHaveText((await page.getByTestId('estimate-5').textContent())!);

        await page.getByLabel(text.phone, { exact: true }).fill('+966500000077');
        await page.getByLabel(text.email, { exact: true }).fill('phone@example.com');
        if (isPhone) {
          // Back at the top of the form: the price and the action are still both on screen, and nothing is hidden under the bar at the end.
          await page.evaluate(() => window.scrollTo(0, 0));
          await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeInViewport();
          await expect(create).toBeInViewport({ ratio: 1 });
          await expect(total).toBeInViewport({ ratio: 1 });
          await expect(total).toHaveText(/^\d+\.\d{2} SAR$/);
        } else {
          // Create sits with the total, at the form's end.
          const [button, price] = [(await create.boundingBox())!, (await total.boundingBox())!];
          expect(Math.abs(button.y + button.height / 2 - (price.y + price.height / 2))).toBeLessThan(button.height);
        }
        await expectNoSeriousAxeViolations(page);
        const posted = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/staff/dispatches'));
        await create.click();
        await posted;
        await page.waitForURL(/\/dispatches\/dsp_/);
        await expect(page.getByTestId('toast')).toContainText(text.created);

        // ----- the list: its first dispatch on the first screen -----
        await page.goto('/dispatches');
        await expect(rows(page)).toHaveCount(4);
        // Hydrated and live before a filter is touched: a choice made on the server's HTML before
        // React takes over is reset by it (seen in CI).
        await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
        const toggle = page.getByTestId('filters-toggle');
        const status = page.locator('#dispatch-status');
        await expect(page.locator('#dispatch-search')).toBeVisible();
        if (isPhone) {
          await expect(rows(page).first()).toBeInViewport({ ratio: 1 });
          await expect(status).toBeHidden();
          await expect(toggle).toBeVisible();
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(page.getByTestId('filters-count')).toHaveCount(0);
          const controls = await toggle.getAttribute('aria-controls');
          expect(controls).toBeTruthy();
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          await expect(page.locator(`[id="${controls}"]`).locator('#dispatch-status')).toBeVisible();
        } else {
          await expect(toggle).toBeHidden();
          await expect(status).toBeVisible();
        }
        await status.selectOption('assigned');
        await expect(page).toHaveURL(/[?&]status=assigned/);
        await expect(rows(page)).toHaveCount(1);
        await expect(rows(page).first().getByTestId('dispatch-status')).toHaveText(text.assigned);
        if (isPhone) {
          await expect(page.getByTestId('filters-count')).toHaveText('1');
          await expect(toggle).toHaveAccessibleName(text.oneActive);
          await expectNoSeriousAxeViolations(page);

          // Set through the URL: shown as active, folded, and still editable.
          await page.goto('/dispatches?status=assigned');
          await expect(rows(page)).toHaveCount(1);
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(page.getByTestId('filters-count')).toHaveText('1');
          await expect(rows(page).first()).toBeInViewport({ ratio: 1 });
          await toggle.click();
          await expect(status).toHaveValue('assigned');
          await status.selectOption('');
          await expect(rows(page)).toHaveCount(4);
          await expect(page.getByTestId('filters-count')).toHaveCount(0);
        }
      });
    }
  });
}

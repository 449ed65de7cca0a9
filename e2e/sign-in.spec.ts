import { expect, test } from '@playwright/test';
import { order } from './orders';
import { createStaffAccount, signIn } from './staff';

// Sign-in, sign-out, the session guard and the Arabic (right-to-left) dashboard.

test('a wrong password is refused on the page; the right one opens the dashboard; signing out ends it', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Sign-in Kitchen');
  await page.goto('/dispatches');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('The email or password is incorrect');

  await signIn(page, staff);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'dispatch_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  // The bare address takes signed-in staff to their dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dispatches$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dispatches');
  await expect(page).toHaveURL(/\/login/);
});

// Regression: signing out without a connection only looked done: the DELETE failed unseen, the
// dashboard went to an unreachable sign-in page and the session lived on.
test('signing out without a connection locks the dashboard, says so, and finishes when the connection returns', async ({ page, context, request }) => {
  const staff = await createStaffAccount(request, 'Offline Sign-out Kitchen');
  expect((await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`OFFLINE-OUT-${Date.now()}`) })).status()).toBe(201);
  await signIn(page, staff);
  await expect(page.getByRole('table')).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === 'dispatch_session')!;

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sign-out-pending')).toContainText('You’re offline: sign-out completes as soon as the connection returns.');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  expect((await request.get('/api/staff/dispatches', { headers: { cookie: `dispatch_session=${session.value}` } })).status()).toBe(200);

  // The connection's return, the retry timer and the page coming back into view can each start
  // the finish at the same moment, and a request of the page that meets the ended session is sent
  // to sign-in by its 401 (seen in CI): the session ends once, and the page leaves once (a second
  // departure aborts the first; a test waiting for the first then fails on it).
  const endings: string[] = [];
  const departures: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.method() === 'DELETE' && path === '/api/session') endings.push(path);
    if (sent.isNavigationRequest() && path === '/login') departures.push(sent.url());
  });
  await context.setOffline(false);
  await page
    .evaluate(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    })
    .catch(() => undefined); // the page may already be on its way out
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  expect(endings).toHaveLength(1);
  expect(departures).toHaveLength(1);
  expect((await request.get('/api/staff/dispatches', { headers: { cookie: `dispatch_session=${session.value}` } })).status()).toBe(401);
  await page.goto('/dispatches');
  await expect(page).toHaveURL(/\/login/);
});

// Regression: `/login?next=/%09/attacker.example/x` sent a freshly signed-in user to another host
// (browsers strip the tab and read `//attacker.example`). Every variant lands on our own page.
test('after signing in, `next` leads only to our own pages, whatever control or slash trick it carries', async ({ browser, request, baseURL }) => {
  const staff = await createStaffAccount(request, 'Redirect Kitchen');
  const cases: [string, string][] = [
    ['/%09/attacker.example/x', '/dispatches'],
    ['/%0d/attacker.example/x', '/dispatches'],
    ['/%0a/attacker.example/x', '/dispatches'],
    ['/%5cattacker.example', '/dispatches'],
    ['//attacker.example', '/dispatches'],
    ['https://attacker.example/dispatches', '/dispatches'],
    ['javascript:alert(1)', '/dispatches'],
    ['/settings/api-keys', '/settings/api-keys'],
  ];
  for (const [next, expected] of cases) {
    const context = await browser.newContext();
    await context.route((url) => url.hostname === 'attacker.example', (route) => route.fulfill({ status: 200, body: 'attacker' }));
    const page = await context.newPage();
    await page.goto(`/login?next=${next}`);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const landed = new URL(page.url());
    expect(landed.origin, next).toBe(new URL(baseURL!).origin);
    expect(landed.pathname, next).toBe(expected);
    await context.close();
  }
});

test('a write from another site is refused even with the session cookie', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'CSRF Kitchen');
  await signIn(page, staff);
  const response = await page.request.post('/api/staff/branches', {
    headers: { origin: 'https://evil.example' },
    data: { vendor_bid: 'x', name: 'X', pickup: { lat: 1, lng: 1 } },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).error).toBe('cross_site_request');
});

test('switching to Arabic lays the dashboard out right to left, in Arabic, and it stays so', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Arabic Kitchen');
  for (let i = 1; i <= 4; i++) {
    const data = {
      ...order(`AR-${Date.now()}-${i}`),
      user_metadata: { id: `c${i}`, firstName: 'نورة', lastName: `العتيبي ${i}`, email: `c${i}@example.com`, phone: `+96650000010${i}` },
      destination: { lat: 24.7 + i / 100, lng: 46.7, address_line: `حي الملقا، شارع ${i}، الرياض` },
    };
    expect((await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data })).status()).toBe(201);
  }
  await signIn(page, staff);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('link', { name: 'الطلبات' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();

  // Right to left for real: the brand sits at the right edge, the sign-out button at the left.
  const brand = (await page.getByRole('link', { name: 'ديسباتش' }).boundingBox())!;
  const signOut = (await page.getByRole('button', { name: 'تسجيل الخروج' }).boundingBox())!;
  expect(brand.x).toBeGreaterThan(signOut.x);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.setViewportSize({ width: 1280, height: 800 });
  // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's pictures.
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/dispatch-list-arabic.png' });
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

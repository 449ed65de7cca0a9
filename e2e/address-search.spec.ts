import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { createDriver } from './drivers';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS, signIn, type StaffAccount } from './staff';

// The address search of the New dispatch page with no geocoding service (the tests' server has
// none, and no map tiles): the account's address book found as you type, picked with the keyboard
// or a tap, and a moved pin naming its place, at phone and desktop widths, in English and Arabic.
// The service's side (Nominatim, Photon, outages) is app/api/staff/geocode/geocode.integration.test.ts.

const OLAYA = { lat: 24.695, lng: 46.685, address_line: 'Olaya St, Riyadh' };
const KING_ABDULLAH = { lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd, Riyadh' };
const PRINCE_SULTAN = { lat: 24.7001, lng: 46.6601, address_line: 'شارع الأمير سلطان، الرياض' };

const TEXT = {
  en: { destination: /Destination address/, saved: 'Saved', filled: 'Address filled in from the pin.', noTiles: /Map images are unavailable/ },
  ar: { destination: /عنوان الوجهة/, saved: 'محفوظ', filled: 'تمت تعبئة العنوان من موقع الدبوس.', noTiles: /صور الخريطة غير متاحة/ },
} as const;

/** A dispatch of the account to `destination`, delivered through the ops API: the address book learns it. */
async function deliverTo(request: APIRequestContext, staff: StaffAccount, driverId: string, destination: typeof KING_ABDULLAH) {
  const created = await request.post('/ext/dispatch', {
    headers: { 'x-api-key': staff.apiKey },
    data: { ...order(`addr-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`), destination },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  expect((await request.post(`/api/ops/dispatches/${id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);
  for (const status of ['accepted', 'picked_up', 'delivered']) {
    const moved = await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status, ref_type: 'driver', ref_id: driverId } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** A signed-in account with a branch at Olaya and two destinations it delivered to. */
async function accountWithAddressBook(page: Page, baseURL: string | undefined) {
  const staff = await createStaffAccount(page.request, `E2E Address Kitchen ${Date.now()}`);
  // No simulator and no engine: the ops API alone moves the dispatches.
  const modes = await page.request.patch(`/api/ops/accounts/${staff.accountId}/modes`, { headers: OPS_HEADERS, data: { auto_assign: false, sandbox: false } });
  expect(modes.status()).toBe(200);
  const driver = await createDriver(page.request, `Address Driver ${Date.now()}`);
  await deliverTo(page.request, staff, driver.id, KING_ABDULLAH);
  await deliverTo(page.request, staff, driver.id, PRINCE_SULTAN);
  await signIn(page, staff);
  const branch = await page.request.post('/api/staff/branches', { headers: { origin: baseURL! }, data: { vendor_bid: 'olaya', name: 'Olaya', pickup: OLAYA } });
  expect(branch.status()).toBe(201);
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  for (const language of ['en', 'ar'] as const) {
    test(`searches the address book as staff type and names a moved pin (${width} px, ${language})`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      const text = TEXT[language];
      await page.setViewportSize({ width, height });
      await accountWithAddressBook(page, baseURL);
      await page.context().addCookies([{ name: 'locale', value: language, url: new URL('/', page.url()).toString() }]);
      await page.goto('/dispatches/new');

      // No tiles: the map says so, and what still works.
      await expect(page.getByTestId('map-no-tiles')).toHaveText(text.noTiles);
      await expect(page.getByTestId('map-no-tiles')).toBeVisible();

      const field = page.getByRole('combobox', { name: text.destination });
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await field.pressSequentially('king abd', { delay: 30 });
      // The list's options (the form's selects have options too).
      const options = page.getByTestId('address-option');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(KING_ABDULLAH.address_line);
      await expect(options.first()).toContainText(text.saved);
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      // The list fits the phone's width.
      const listBox = (await page.getByRole('listbox').boundingBox())!;
      expect(listBox.x).toBeGreaterThanOrEqual(0);
      expect(listBox.x + listBox.width).toBeLessThanOrEqual(width);
      await expectNoSeriousAxeViolations(page, `address search open (${width} px, ${language})`);

      // The keyboard: down makes the option active, Enter picks it (and does not submit the form).
      await field.press('ArrowDown');
      const active = await field.getAttribute('aria-activedescendant');
      expect(active).toBeTruthy();
      await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
      await field.press('Enter');
      await expect(field).toHaveValue(KING_ABDULLAH.address_line);
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('destination-coordinates')).toHaveText('24.774300, 46.738600');
      await expect(page.getByTestId('marker-destination')).toBeVisible();
      await expect(page).toHaveURL(/\/dispatches\/new$/);

      // Arabic as people type it (no hamza) finds the Arabic address; Escape closes the list.
      await field.fill('');
      await field.pressSequentially('الامير', { delay: 30 });
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(PRINCE_SULTAN.address_line);
      await field.press('Escape');
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(options).toHaveCount(0);
      // Other text does not bring back the results of the last one.
      await field.fill('');
      await expect(field).toHaveAttribute('aria-expanded', 'false');

      // A tap picks too.
      await field.pressSequentially('olaya', { delay: 30 });
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(OLAYA.address_line);
      await options.first().click();
      await expect(field).toHaveValue(OLAYA.address_line);
      await expect(page.getByTestId('destination-coordinates')).toHaveText('24.695000, 46.685000');

      // Pin → address: the emptied field is filled when the pin moves onto a known address
      // (the arrow keys move a focused pin, as a drag does).
      await field.fill('');
      const marker = page.locator('.leaflet-marker-icon', { has: page.getByTestId('marker-destination') });
      await marker.focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('destination-coordinates')).toHaveText('24.695000, 46.685500');
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByTestId('destination-coordinates')).toHaveText('24.695000, 46.685000');
      await expect(field).toHaveValue(OLAYA.address_line);
      await expect(page.getByTestId('pin-address-status')).toHaveText(text.filled);

      // Text the staff member typed is theirs: a moved pin leaves it alone.
      await field.fill('Gate 4, the blue door');
      await marker.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByTestId('destination-coordinates')).toHaveText('24.695000, 46.685000');
      // Long enough for a lookup to have come back.
      await page.waitForTimeout(500);
      await expect(field).toHaveValue('Gate 4, the blue door');
    });
  }
}

test('without a branch the pickup searches the address book too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const staff = await createStaffAccount(page.request, `E2E Branchless Kitchen ${Date.now()}`);
  const modes = await page.request.patch(`/api/ops/accounts/${staff.accountId}/modes`, { headers: OPS_HEADERS, data: { auto_assign: false, sandbox: false } });
  expect(modes.status()).toBe(200);
  const driver = await createDriver(page.request, `Address Driver ${Date.now()}`);
  await deliverTo(page.request, staff, driver.id, KING_ABDULLAH);
  await signIn(page, staff);
  await page.goto('/dispatches/new');

  const pickup = page.getByRole('combobox', { name: /Pickup address/ });
  await pickup.pressSequentially('king', { delay: 30 });
  const options = page.getByTestId('address-option');
  await expect(options).toHaveCount(1);
  await expect(pickup).toHaveAttribute('aria-expanded', 'true');
  await pickup.press('ArrowDown');
  await pickup.press('Enter');
  await expect(pickup).toHaveValue(KING_ABDULLAH.address_line);
  await expect(page.getByTestId('pickup-coordinates')).toHaveText('24.774300, 46.738600');
  await expect(page.getByTestId('marker-pickup')).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { order } from './orders';
import { createStaffAccount, signIn } from './staff';

// The New dispatch page against the real server: branch pickup on the map, click and drag to
// place the destination, live estimate, client and server validation, and the created dispatch.

const OLAYA = { lat: 24.695, lng: 46.685, address_line: 'Olaya St, Riyadh' };

/** Signs a fresh account in and gives it one branch (the ops fixture makes none). */
async function signInWithBranch(page: Page, baseURL: string | undefined, name: string) {
  const staff = await createStaffAccount(page.request, name);
  await signIn(page, staff);
  const branch = await page.request.post('/api/staff/branches', {
    headers: { origin: baseURL! },
    data: { vendor_bid: 'olaya', name: 'Olaya', pickup: OLAYA },
  });
  expect(branch.status()).toBe(201);
  return staff;
}


async function mapBox(page: Page) {
  const box = await page.locator('.leaflet-container').boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test('staff create a dispatch: branch pickup, destination by click and drag, live estimate, field errors, then the dispatch page', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithBranch(page, baseURL, 'E2E New Dispatch Kitchen');
  await page.goto('/dispatches/new');
  await expect(page).toHaveTitle(/New dispatch/);
  await expect(page.getByRole('heading', { level: 1, name: 'New dispatch' })).toBeVisible();

  // The only branch is chosen and its saved pickup is where the pickup pin sits.
  await expect(page.getByLabel('Branch')).toHaveValue('olaya');
  await expect(page.getByLabel(/Pickup address/)).toHaveValue(OLAYA.address_line);
  await expect(page.getByTestId('pickup-coordinates')).toHaveText('24.695000, 46.685000');
  const pickupPin = page.getByTestId('marker-pickup');
  await expect(pickupPin).toBeVisible();
  // One pin: the map centres on it.
  let box = await mapBox(page);
  const pin = (await pickupPin.boundingBox())!;
  expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(20);
  const panel = page.getByTestId('estimate-panel');
  await expect(panel).toContainText('Place the pickup and the destination');
  const emptyPanelHeight = (await panel.boundingBox())!.height;

  // Zoomed out so a drag spans kilometres (above the minimum fare), a click places the destination.
  // One instruction: the pickup is the branch's, a click places the destination; the arrow keys with a mouse and keyboard.
  await expect(page.getByTestId('map-click-hint')).toHaveText(
    'The pickup is the branch’s address. Tap or click the map to place the destination. Drag a pin to move it.',
  );
  await expect(page.getByTestId('map-keyboard-hint')).toHaveText('With a keyboard: Tab to a pin and move it with the arrow keys.');
  await expect(page.getByTestId('map-keyboard-hint')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(350);
  }
  box = await mapBox(page);
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.3);
  await expect(page.getByTestId('marker-destination')).toBeVisible();
  await expect(page.getByTestId('destination-coordinates')).toHaveText(/^\d+\.\d{6}, \d+\.\d{6}$/);
  await expect(page.getByTestId('map-click-hint')).toHaveText('Both pins are placed: drag a pin to move it.');

  const price = page.getByTestId('estimate-3');
  const totalTime = page.getByTestId('estimate-2');
  await expect(price).toHaveText(/^\d+\.\d{2} SAR$/);
  await expect(totalTime).toHaveText(/^\d+ min$/);
  await expect(page.getByTestId('estimate-5')).toHaveText(/^\d+\.\d{2} SAR$/);
  // The panel kept its size from empty to filled: nothing below it moved.
  expect((await panel.boundingBox())!.height).toBe(emptyPanelHeight);
  const firstPrice = await price.textContent();
  const firstTime = await totalTime.textContent();

  // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's pictures.
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/new-dispatch.png' });
  await expectNoSeriousAxeViolations(page);

  // Dragging the destination farther away changes the estimate.
  const destinationPin = page.getByTestId('marker-destination');
  const before = await page.getByTestId('destination-coordinates').textContent();
  await destinationPin.hover();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.1, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('destination-coordinates')).not.toHaveText(before!);
  await expect(price).not.toHaveText(firstPrice!);
  await expect(totalTime).not.toHaveText(firstTime!);
  await expect(price).toHaveText(/^\d+\.\d{2} SAR$/);

  // Customer and order.
  await page.getByLabel(/Destination address/).fill('King Abdullah Rd, Riyadh');
  await page.getByLabel('First name').fill('Sara');
  await page.getByLabel('Last name').fill('Al-Qahtani');
  await page.getByLabel('Phone').fill('+966500000042');
  await page.getByLabel('Email', { exact: true }).fill('sara-at-example.com');
  const vendorOid = `e2e-${Date.now()}`;
  await page.getByLabel('Order ID', { exact: true }).fill(vendorOid);
  await page.getByLabel('Payment').selectOption('CASH');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByLabel('Item 1: Name (English)')).toBeFocused();
  await page.getByLabel('Item 1: Name (English)').fill('Chicken shawarma');
  await page.getByLabel('Item 1: Name (Arabic)').fill('شاورما دجاج');
  await page.getByLabel('Item 1: Count').fill('2');
  await page.getByLabel('Item 1: Price').fill('18.5');
  await page.getByRole('button', { name: 'Use items total (37)' }).click();
  await expect(page.getByLabel('Order price')).toHaveValue('37');

  // The bad email is caught in the browser by the API's schema, and focused.
  await page.getByRole('button', { name: 'Create dispatch' }).click();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be an email address')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await email.fill('sara@example.com');
  await expect(page.getByText('must be an email address')).toBeHidden();
  const posted = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/staff/dispatches'));
  await page.getByRole('button', { name: 'Create dispatch' }).click();
  // Sent with an Idempotency-Key: a retried submit cannot create a second dispatch.
  expect((await posted).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  await page.waitForURL(/\/dispatches\/dsp_/);
  await expect(page.getByTestId('toast')).toContainText('Dispatch created');
  const id = new URL(page.url()).pathname.split('/').pop()!;

  // What was stored is what the form said.
  const created = await page.request.get(`/api/staff/dispatches?q=${vendorOid}`);
  expect(created.status()).toBe(200);
  const [{ record }] = (await created.json()).data;
  expect(record).toMatchObject({
    id,
    vendor_oid: vendorOid,
    vendor_bid: 'olaya',
    pickup: OLAYA,
    destination: { address_line: 'King Abdullah Rd, Riyadh' },
    user_metadata: { firstName: 'Sara', lastName: 'Al-Qahtani', phone: '+966500000042', email: 'sara@example.com' },
    vendor_name: { 'en-us': 'E2E New Dispatch Kitchen' },
    vendor_payload: {
      order_price: 37,
      currency: 'SAR',
      payment_type: 'CASH',
      order_details: [{ item_name: { 'en-us': 'Chicken shawarma', 'ar-sa': 'شاورما دجاج' }, count: 2, price: 18.5 }],
    },
  });
  expect(record.user_metadata.id).toMatch(/^cust-/);
  expect(record.status[0]).toMatchObject({ status: 'new', ref_type: 'vendor' });
});

test('a duplicate order id is refused by the server and shown on the order id field; coordinates can be typed', async ({
  page,
  baseURL,
}) => {
  await signInWithBranch(page, baseURL, 'E2E Duplicate Kitchen');
  const vendorOid = `e2e-dup-${Date.now()}`;
  const existing = await page.request.post('/api/staff/dispatches', { headers: { origin: baseURL! }, data: order(vendorOid) });
  expect(existing.status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dispatches/new');
  // The address fields sit beside the map on a wide screen, and under it on a tablet held upright.
  const map = page.getByRole('region', { name: 'Map of the pickup and the destination' });
  const branch = page.getByLabel('Branch');
  await expect(page.getByTestId('marker-pickup')).toBeVisible();
  let mapBounds = (await map.boundingBox())!;
  expect((await branch.boundingBox())!.x).toBeGreaterThan(mapBounds.x + mapBounds.width);
  await page.setViewportSize({ width: 820, height: 1180 });
  mapBounds = (await map.boundingBox())!;
  expect((await branch.boundingBox())!.y).toBeGreaterThan(mapBounds.y + mapBounds.height);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Keyboard path: the destination typed as coordinates instead of clicked.
  await page.getByText('Enter coordinates').click();
  await page.getByLabel('Destination latitude').fill('24.7743');
  await page.getByLabel('Destination longitude').fill('46.7386');
  await expect(page.getByTestId('marker-destination')).toBeVisible();
  await expect(page.getByTestId('destination-coordinates')).toHaveText('24.774300, 46.738600');
  await expect(page.getByTestId('estimate-3')).toHaveText(/^\d+\.\d{2} SAR$/);

  await page.getByLabel('Phone').fill('+966500000043');
  await page.getByLabel('Email', { exact: true }).fill('omar@example.com');
  const oid = page.getByLabel('Order ID', { exact: true });
  await expect(oid).toHaveValue(/^ord-/);
  await oid.fill(vendorOid);
  await page.getByRole('button', { name: 'Create dispatch' }).click();

  await expect(page.getByText('A dispatch with this order id already exists')).toBeVisible();
  await expect(oid).toHaveAttribute('aria-invalid', 'true');
  await expect(oid).toBeFocused();
  await expect(page).toHaveURL(/\/dispatches\/new$/);
});

test('without a branch the pickup is placed by clicking and the branch id is typed; the page reads right to left in Arabic', async ({
  page,
  context,
  baseURL,
}) => {
  const staff = await createStaffAccount(page.request, 'E2E No Branch Kitchen');
  await signIn(page, staff);
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await page.goto('/dispatches/new');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'طلب توصيل جديد' })).toBeVisible();
  await expect(page.getByTestId('pickup-coordinates')).toHaveText('لم يُحدَّد بعد');
  // One instruction, for what the next click does: the pickup first, then the destination.
  const instruction = page.getByTestId('map-click-hint');
  await expect(instruction).toHaveText('انقر على الخريطة أو المسها لتحديد نقطة الاستلام، ثم مرة أخرى لتحديد الوجهة. اسحب الدبوس لتعديل موقعه.');

  const box = await mapBox(page);
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await expect(page.getByTestId('marker-pickup')).toBeVisible();
  await expect(instruction).toHaveText('انقر على الخريطة أو المسها لتحديد الوجهة. اسحب الدبوس لتعديل موقعه.');
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.4);
  await expect(page.getByTestId('marker-destination')).toBeVisible();
  await expect(page.getByTestId('estimate-3')).toHaveText(/^\d+\.\d{2} SAR$/);

  // The branch id is required like the API requires it.
  await page.getByRole('button', { name: 'إنشاء طلب التوصيل' }).click();
  await expect(page.getByLabel('معرّف الفرع', { exact: true })).toBeFocused();
  // The shared schema's message, in Arabic.
  await expect(page.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await expect(page.getByText('must not be empty')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

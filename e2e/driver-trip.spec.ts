import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createDispatch, createDriver, createVendor, goOnDuty, PHONE, signInDriver, statusesOf } from './drivers';

// A trip (bundle) of the dispatch engine in the driver app: two orders of one branch going the
// same way, for an auto-assign account with one driver on duty, come as ONE offer listing both
// drop-offs in order; accepted, they show as one pickup and two ordered drop-offs, each delivered
// with its own proof.

// Tabuk, hundreds of kilometres from every other spec's drivers: the engine plans each town on
// its own, so this driver is the only one within reach.
const PICKUP = { lat: 28.3835, lng: 36.5662, address_line: 'Prince Fahd Rd, Tabuk' };
const NEARER = { lat: 28.3935, lng: 36.5762, address_line: 'Al Muruj, Tabuk' };
const FARTHER = { lat: 28.4035, lng: 36.5862, address_line: 'Al Rawdah, Tabuk' };
const DOOR_PHOTO = path.join(import.meta.dirname, 'fixtures', 'door-photo.jpg');

test.use({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 28.385, longitude: 36.567 } });

/** At the open drop-off (`position` in the trip): "Delivered" asks the photo; with it, the drop-off is delivered. */
async function deliverWithPhoto(page: Page, position: string): Promise<void> {
  await expect(page.getByTestId('trip-position')).toContainText(position);
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('proof-missing')).toBeVisible();
  await page.getByTestId('proof-photo').setInputFiles(DOOR_PHOTO);
  await expect(page.getByTestId('proof-photo-preview')).toBeVisible();
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
}

test('two orders of one branch going the same way: one offer, one pickup, two drop-offs in order, each with its proof', async ({ page, request }) => {
  test.setTimeout(120_000);
  const vendor = await createVendor(request, 'Trip Kitchen', 'photo');
  const driver = await createDriver(request, 'Trip Driver');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInDriver(page, driver);

  // Both orders wait, their food ready (the kitchen said so), before the driver comes on duty:
  // the round that finds the driver plans them together. The farther one is created first.
  const farther = await createDispatch(request, vendor, `TRIP-B-${Date.now()}`, { pickup: PICKUP, destination: FARTHER });
  const nearer = await createDispatch(request, vendor, `TRIP-A-${Date.now()}`, { pickup: PICKUP, destination: NEARER });
  for (const id of [farther, nearer]) {
    expect((await request.post(`/ext/dispatch/${id}/ready`, { headers: { 'x-api-key': vendor.apiKey } })).status()).toBe(200);
  }
  await goOnDuty(page);

  // ONE offer with both, the nearer drop-off first.
  const offer = page.getByTestId('offer-card');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toHaveCount(1);
  const stops = page.getByTestId('offer-dropoff');
  await expect(stops).toHaveCount(2);
  expect(await stops.evaluateAll((items) => items.map((item) => item.getAttribute('data-dispatch-id')))).toEqual([nearer, farther]);
  await expect(stops.first()).toContainText('Al Muruj');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/driver-trip-offer.png' });
  expect(await statusesOf(request, vendor, nearer)).toEqual(['new']);

  // Accepted: both are the driver's; the home screen shows one pickup and the drop-offs in order.
  await page.getByTestId('offer-accept').click();
  await expect(offer).toHaveCount(0);
  const trip = page.getByTestId('trip');
  await expect(trip).toHaveCount(1);
  await expect(trip.getByTestId('trip-pickup')).toContainText('E2E Kitchen');
  await expect(trip.getByTestId('trip-pickup')).toContainText('Prince Fahd Rd');
  const dropoffs = trip.getByTestId('trip-dropoff');
  await expect(dropoffs).toHaveCount(2);
  expect(await dropoffs.evaluateAll((items) => items.map((item) => [item.getAttribute('data-position'), item.getAttribute('data-dispatch-id')]))).toEqual([
    ['1', nearer],
    ['2', farther],
  ]);
  for (const id of [nearer, farther]) expect(await statusesOf(request, vendor, id)).toEqual(['new', 'assigned', 'accepted', 'ready_for_pickup']);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/driver-trip.png' });

  // One pickup: one tap picks up both orders.
  await trip.getByTestId('trip-picked-up').click();
  await expect.poll(async () => Promise.all([nearer, farther].map(async (id) => (await statusesOf(request, vendor, id)).at(-1))), { timeout: 15_000 }).toEqual([
    'picked_up',
    'picked_up',
  ]);
  await expect(trip.getByTestId('trip-picked-up')).toHaveCount(0);

  // The first drop-off, with its own proof; then the next one, with its own.
  await dropoffs.first().getByTestId('job-link').click();
  await page.waitForURL(`**/driver/jobs/${nearer}`);
  await deliverWithPhoto(page, 'Drop-off 1 of 2');

  await page.getByTestId('trip-next').click();
  await page.waitForURL(`**/driver/jobs/${farther}`);
  await deliverWithPhoto(page, 'Drop-off 2 of 2');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');

  // Each delivery carries its own photo; both records name the trip and their place in it.
  const records = await Promise.all(
    [nearer, farther].map(async (id) => (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': vendor.apiKey } })).json()).data),
  );
  expect(records.map((record) => record.status.at(-1).status)).toEqual(['delivered', 'delivered']);
  expect(records[0].trip.id).toBe(records[1].trip.id);
  expect(records.map((record) => record.trip.position)).toEqual([0, 1]);
  expect(records[0].media_url.photo).not.toBe(records[1].media_url.photo);
  expect(pageErrors).toEqual([]);
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS, signIn } from './staff';

// The route the driver took, on the dispatch page's map: the restaurant's and the console's.
// Positions go through the ops API as the driver's app would send them, each kilometres from the
// order's pickup (e2e/orders.ts), so no geofence status is recorded.

const WALK = [
  { lat: 24.72, lng: 46.66 },
  { lat: 24.715, lng: 46.665 },
  { lat: 24.71, lng: 46.672 },
];

async function locate(request: APIRequestContext, driverId: string, point: { lat: number; lng: number }) {
  expect((await request.post(`/api/ops/drivers/${driverId}/location`, { headers: OPS_HEADERS, data: point })).status()).toBe(200);
}

/** The map's trail: one SVG path per driver, drawn once the page has read the trail. */
async function expectTrail(page: Page, positions: number) {
  await expect(page.getByTestId('trail-legend')).toContainText(`(${positions} positions)`);
  const line = page.locator('path.dispatch-map__trail');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('d', /^M[\d.-]+ [\d.-]+(L[\d.-]+ [\d.-]+){2,}$/);
}

test('the dispatch page draws the route the driver took, for the restaurant and in the console', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const staff = await createStaffAccount(request, `Trail Kitchen ${run}`);
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`trail-${run}`) });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  const driver = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: `Trail Driver ${run}`, fleet_id: 'fleet-e2e' } });
  expect(driver.status()).toBe(201);
  const driverId = (await driver.json()).data.id as string;
  expect((await request.post(`/api/ops/dispatches/${id}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);
  for (const point of WALK) await locate(request, driverId, point);

  await signIn(page, staff);
  await page.goto(`/dispatches/${id}`);
  await expectTrail(page, 3);
  // A further position: the open page follows it (the trail is re-read while the driver is on the dispatch).
  await locate(request, driverId, { lat: 24.705, lng: 46.678 });
  await expect(page.getByTestId('trail-legend')).toContainText('(4 positions)', { timeout: 20_000 });

  const admin = await createAdmin(request);
  await page.context().clearCookies();
  await signInAdmin(page, admin);
  await page.goto(`/admin/dispatches/${id}`);
  await expectTrail(page, 4);
});

import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS, type StaffAccount } from './staff';

// The driver app's e2e helpers: real drivers, vendors whose dispatches go to them, and what the
// phone keeps (IndexedDB, the service worker's caches), made and read the way the specs need.

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

// Jeddah, far from every other spec's drivers (Riyadh): auto-assign's nearest drivers are ours.
export const PICKUP = { lat: 21.5433, lng: 39.1728, address_line: 'Tahlia St, Jeddah' };
export const DESTINATION = { lat: 21.5633, lng: 39.1928, address_line: 'Al Rawdah, Jeddah' };
export const GATE_CODE = 'Gate code 4521, second floor';
const PIN = '583017';

export interface DriverLogin {
  id: string;
  phone: string;
  pin: string;
}

/** A real (not sandbox) driver with a phone-and-PIN sign-in, made through the ops API. */
export async function createDriver(request: APIRequestContext, name: string): Promise<DriverLogin> {
  const made = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name } });
  expect(made.status()).toBe(201);
  const id = (await made.json()).data.id as string;
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const signIn = await request.post(`/api/ops/drivers/${id}/sign-in`, { headers: OPS_HEADERS, data: { phone, pin: PIN } });
  expect(signIn.status()).toBe(201);
  return { id, phone, pin: PIN };
}

/** A driver made through the ops API, without a sign-in (`data`: the name, and the phone, fleet or duty a test needs): their id. */
export async function createOpsDriver(request: APIRequestContext, data: { name: string; phone?: string; fleet_id?: string; on_duty?: boolean }): Promise<string> {
  const made = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data.id as string;
}

/** A vendor whose dispatches are offered to drivers (auto-assign on, not a sandbox), with the given proof of delivery. */
export async function createVendor(request: APIRequestContext, name: string, proof: 'none' | 'photo' | 'signature' | 'pin'): Promise<StaffAccount> {
  const vendor = await createStaffAccount(request, name);
  expect((await request.patch(`/api/ops/accounts/${vendor.accountId}/modes`, { headers: OPS_HEADERS, data: { auto_assign: true, sandbox: false } })).status()).toBe(200);
  const proofSet = await request.put(`/api/ops/accounts/${vendor.accountId}/proof-of-delivery`, { headers: OPS_HEADERS, data: { proof_of_delivery: proof } });
  expect(proofSet.status()).toBe(200);
  return vendor;
}

export interface Customer {
  firstName: string;
  phone: string;
  instructions: string;
}

export async function createDispatch(
  request: APIRequestContext,
  vendor: StaffAccount,
  oid: string,
  places: { pickup: typeof PICKUP; destination: typeof DESTINATION } = { pickup: PICKUP, destination: DESTINATION },
  customer?: Customer,
): Promise<string> {
  const created = await request.post('/ext/dispatch', {
    headers: { 'x-api-key': vendor.apiKey },
    data: {
      ...order(oid),
      ...places,
      ...(customer ? { user_metadata: { id: `c-${oid}`, email: `c-${oid}@example.com`, firstName: customer.firstName, phone: customer.phone } } : {}),
      // The food is ready at once (no wait at the pickup): the dispatch engine sends a driver only
      // when they must leave before its next round, so an order with the default 15-minute
      // preparation would be offered minutes later. With no wait it is offered in the next round.
      vendor_payload: { order_details: [{ item_name: { 'en-us': 'Shawarma plate' }, count: 2 }], order_price: 64, currency: 'SAR', payment_type: 'CASH', pickup_wait_time: 0 },
      dropoff_instructions: customer?.instructions ?? GATE_CODE,
      contactless: true,
      tip: 1500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data.id as string;
}

export async function statusesOf(request: APIRequestContext, vendor: StaffAccount, id: string): Promise<string[]> {
  const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': vendor.apiKey } })).json()).data;
  return record.status.map((entry: { status: string }) => entry.status);
}

/** Assigns a dispatch to a driver the way an admin does (no offer): the driver then accepts in the app. */
export async function assign(request: APIRequestContext, dispatchId: string, driverId: string): Promise<void> {
  expect((await request.post(`/api/ops/dispatches/${dispatchId}/assign`, { headers: OPS_HEADERS, data: { driver_id: driverId } })).status()).toBe(200);
}

/** Assigns a new driver (`name`) through the ops API, then records `statuses` as that driver: their id. */
export async function advanceAsNewDriver(request: APIRequestContext, id: string, statuses: string[], name: string): Promise<string> {
  const driverId = await createOpsDriver(request, { name });
  await assign(request, id, driverId);
  for (const status of statuses) {
    const response = await request.post(`/api/ops/dispatches/${id}/status`, { headers: OPS_HEADERS, data: { status, ref_type: 'driver', ref_id: driverId } });
    expect(response.status()).toBe(200);
  }
  return driverId;
}

export async function signInDriver(page: Page, driver: DriverLogin): Promise<void> {
  await page.goto('/driver/login');
  await expect(page.getByLabel(/phone|الجوال/i)).toHaveAttribute('inputmode', 'tel');
  await expect(page.getByLabel(/^PIN$|الرمز السري/)).toHaveAttribute('inputmode', 'numeric');
  await page.getByLabel(/phone|الجوال/i).fill(driver.phone);
  await page.getByLabel(/^PIN$|الرمز السري/).fill(driver.pin);
  await page.getByRole('button', { name: /sign in|تسجيل الدخول/i }).click();
  await page.waitForURL(/\/driver$/);
}

/**
 * The driver's job open on the phone: a dispatch of `vendor` (to `customer` at `places`, when
 * given) assigned to `driver`, who signs in and opens it once the service worker controls the app
 * (it keeps the shell for a start without signal).
 */
export async function openJobOnPhone(
  page: Page,
  request: APIRequestContext,
  job: { vendor: StaffAccount; driver: DriverLogin; orderId: string; places?: { pickup: typeof PICKUP; destination: typeof DESTINATION }; customer?: Customer },
): Promise<string> {
  const id = await createDispatch(request, job.vendor, job.orderId, job.places, job.customer);
  await assign(request, id, job.driver.id);
  await signInDriver(page, job.driver);
  await waitForServiceWorker(page);
  await page.goto(`/driver/jobs/${id}`);
  return id;
}

/** Goes on duty and waits until the server has the phone's first position (auto-assign needs a fresh one). */
export async function goOnDuty(page: Page): Promise<void> {
  await expect(page.getByTestId('duty-switch')).toBeEnabled();
  await page.getByTestId('duty-switch').click();
  await expect(page.getByTestId('duty-switch')).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => (await (await page.request.get('/api/driver/me')).json()).data?.driver?.last_position_at ?? null, { timeout: 20_000 })
    .not.toBeNull();
  await expect.poll(async () => (await (await page.request.get('/api/driver/me')).json()).data?.driver?.on_duty, { timeout: 10_000 }).toBe(true);
}

/**
 * Waits until the service worker controls the app (it keeps the shell for a start without
 * signal); with `driverId`, until it is that driver's own (a phone changing hands gets a new one).
 */
export async function waitForServiceWorker(page: Page, driverId?: string): Promise<void> {
  await page.waitForFunction((id) => {
    const controller = navigator.serviceWorker.controller;
    return controller !== null && controller.state === 'activated' && (!id || controller.scriptURL.endsWith(`?driver=${id}`));
  }, driverId);
}

/** The keys of the job copies the app keeps on the phone for a start without signal (IndexedDB). */
export function keptJobCopies(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opened = indexedDB.open('dispatch-driver');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve([]);
          const keys = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

/**
 * Everything the app keeps on the phone, as text: every record of every IndexedDB store (blobs
 * by their size), every page in the Cache Storage (the service worker's; Next's static files,
 * the same for everyone, left out), and localStorage. What a next user of the phone could dig
 * out. `pages`: the cached pages' addresses, with their cache's name.
 */
export function phoneStorage(page: Page): Promise<{ indexedDb: string; caches: string; localStorage: string; outbox: number; pages: string[] }> {
  return page.evaluate(async () => {
    const records: unknown[] = [];
    let outbox = 0;
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opened = indexedDB.open(info.name!);
        opened.onsuccess = () => resolve(opened.result);
        opened.onerror = () => reject(opened.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (store === 'outbox') outbox += all.length;
        records.push(...all);
      }
      db.close();
    }
    const cached: string[] = [];
    const pages: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith('/_next/static/')) continue;
        pages.push(`${name} ${request.url}`);
        cached.push(`${name} ${request.url}\n${await ((await cache.match(request))?.text() ?? '')}`);
      }
    }
    const local = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
    return {
      indexedDb: JSON.stringify(records, (_, value) => (value instanceof Blob ? `[blob ${value.size}]` : value)),
      caches: cached.join('\n'),
      localStorage: local.join('\n'),
      outbox,
      pages,
    };
  });
}

export async function phoneContext(browser: Browser, at: { latitude: number; longitude: number }): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, permissions: ['geolocation'], geolocation: at });
}

import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createDriver, createVendor, keptJobCopies, openJobOnPhone, PHONE, signInDriver, statusesOf } from './drivers';
import type { StaffAccount } from './staff';

// The proof taken at the door before "Delivered" survives a reload (or the phone killing the
// tab): it is kept on the phone with the job's copies (components/fleet/driver/proof-draft.ts), shown
// again when the job opens, sent with the delivery, and gone from IndexedDB once it has been.

test.use({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 21.6, longitude: 39.2 } });

const DOOR_PHOTO = path.join(import.meta.dirname, 'fixtures', 'door-photo.jpg');

/** The keys of the proof kept on the phone for job `id`. */
async function keptProof(page: Page, id: string): Promise<string[]> {
  return (await keptJobCopies(page)).filter((key) => key.includes(`proof ${id}`));
}

/**
 * A vendor that asks `proof`, its dispatch assigned to a new driver, who signs in on the phone
 * and picks it up: the job open at the door.
 */
async function pickedUpJob(page: Page, request: APIRequestContext, names: { kitchen: string; driver: string; order: string }, proof: 'photo' | 'signature') {
  const vendor = await createVendor(request, names.kitchen, proof);
  const driver = await createDriver(request, names.driver);
  const id = await openJobOnPhone(page, request, { vendor, driver, orderId: `${names.order}-${Date.now()}` });
  await page.getByTestId('action-accepted').click();
  await expect(page.getByTestId('job-status')).toHaveText(/accepted/i);
  await page.getByTestId('action-picked_up').click();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');
  return { vendor, driver, id };
}

/** The door photo, taken and kept on the phone. */
async function takeProofPhoto(page: Page, id: string): Promise<void> {
  await page.getByTestId('proof-photo').setInputFiles(DOOR_PHOTO);
  await expect(page.getByTestId('proof-photo-preview')).toBeVisible();
  await expect.poll(() => keptProof(page, id), { timeout: 15_000 }).toHaveLength(1);
}

/** The dispatch's record, as the vendor reads it. */
async function vendorRecord(request: APIRequestContext, vendor: StaffAccount, id: string) {
  return (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': vendor.apiKey } })).json()).data;
}

test('a proof photo taken before “Delivered” survives a reload, is delivered with it, and then leaves the phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { vendor, id } = await pickedUpJob(page, request, { kitchen: 'Proof Draft Kitchen', driver: 'Reloading Driver', order: 'DRAFT' }, 'photo');

  await takeProofPhoto(page, id);

  // The tab reloads (or the phone killed it): the photo is still there.
  await page.reload();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  const preview = page.getByTestId('proof-photo-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Delivered with it: no "proof missing", the server has the photo.
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('proof-missing')).toHaveCount(0);
  await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');
  await expect.poll(() => statusesOf(request, vendor, id)).toContain('delivered');
  const record = await vendorRecord(request, vendor, id);
  const photo = await request.get(new URL(record.media_url.photo as string).pathname, { headers: { 'x-api-key': vendor.apiKey } });
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toMatch(/^image\//);

  // Sent: the photo is no longer on the phone, nor after a reload.
  await expect.poll(() => keptProof(page, id)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
  expect(await keptProof(page, id)).toEqual([]);
});

test('a signature drawn before “Delivered” survives a reload and is delivered with it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { vendor, id } = await pickedUpJob(page, request, { kitchen: 'Signature Draft Kitchen', driver: 'Signing Driver', order: 'SIGDRAFT' }, 'signature');

  const pad = page.getByTestId('signature-pad');
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  await expect(async () => {
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (const [x, y] of [[80, 60], [140, 150], [200, 50], [260, 140], [320, 80]] as const) await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await page.mouse.up();
    await expect(clear).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => keptProof(page, id), { timeout: 15_000 }).toHaveLength(1);

  await page.reload();
  await expect(page.getByTestId('job-status')).toHaveText(/picked up/i);
  // Restored: the pad has ink again (its "Clear" button is enabled) and "Delivered" needs nothing more.
  await expect(clear).toBeEnabled();
  await page.getByTestId('action-delivered').click();
  await expect(page.getByTestId('proof-missing')).toHaveCount(0);
  await expect(page.getByTestId('job-status')).toHaveText(/delivered/i);
  await expect.poll(() => statusesOf(request, vendor, id)).toContain('delivered');
  await expect.poll(() => keptProof(page, id)).toEqual([]);
  const record = await vendorRecord(request, vendor, id);
  expect(Object.keys(record.media_url ?? {})).toContain('signature');
});

test('a proof photo kept on the phone leaves it at sign-out', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { driver, id } = await pickedUpJob(page, request, { kitchen: 'Proof Sign-out Kitchen', driver: 'Leaving Photographer', order: 'DRAFTOUT' }, 'photo');
  await takeProofPhoto(page, id);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/driver\/login/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => keptProof(page, id)).toEqual([]);
  // Signed in again, the job opens without the photo: nothing was left behind to restore.
  await signInDriver(page, driver);
  await page.goto(`/driver/jobs/${id}`);
  await expect(page.getByTestId('proof-photo')).toBeAttached();
  await expect(page.getByTestId('proof-photo-preview')).toHaveCount(0);
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/accounts/server/internal/create-api-key';
import { createBranch } from '@/lib/accounts/server/branches/create-branch';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { getDispatchJson } from '@/lib/dispatch/server/internal/get-dispatch';
import { accountScope, driverScope } from '@/lib/platform/server/tenancy/scope';
import { MOUNTED, type MountedHandler } from '@/lib/edge/server/mount';
import type { Audience } from '@/lib/platform/server/http/operation';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { insertTrip } from '@/lib/fleet/server/offers/trips';
import { call, type CallOptions } from '@/test/api';
import { setUpDeliveryHarness } from '@/test/delivery-harness';
import { dispatchBody, newAccount, newDriver, newDriverSession, newStaffSession, uniqueSuffix } from '@/test/fixtures';
import { jpegImage } from '@/test/media-fixtures';
import { temporaryMediaDir } from '@/test/media-setup';
import { storeMedia } from '@/lib/dispatch/server/media/store-media';
import { CASES, NOT_TENANT_OWNED, PLATFORM_SURFACES, pathOf, type Surface, type Tenant } from '@/app/tenant-isolation.cases';

// Someone else's row is a 404, never a 403 and never their data. Every route
// of the vendor API and the staff dashboard that takes the id of a tenant-owned resource is
// called here with another account's id; a route file with an id segment that is neither
// exercised here nor listed with a reason (both in app/tenant-isolation.cases.ts) fails the first
// test, so a new one cannot slip past. (Each endpoint's own tests check the same for its resource;
// this is the one place that sees them all.)

const ROUTE_FILES = Object.keys(import.meta.glob(['./ext/**/route.ts', './api/**/route.ts']));
const DYNAMIC_ROUTE_FILES = ROUTE_FILES.filter((file) => file.includes('['));

const load = async (file: string) => (await import(/* @vite-ignore */ path.join(import.meta.dirname, file))) as Record<string, MountedHandler>;

/** The methods a route file implements, as its OPTIONS answer lists them (HEAD and OPTIONS aside). */
async function implementedMethods(file: string): Promise<string[]> {
  const route = await load(file);
  const response = await route.OPTIONS!(new Request('http://localhost/p', { method: 'OPTIONS' }), { params: Promise.resolve({}) });
  return (response.headers.get('allow') ?? '').split(', ').filter((method) => method !== 'OPTIONS' && method !== 'HEAD');
}

/** Whether every method of a route file serves an operation mounted for `audience` alone. */
async function isServedOnlyTo(file: string, audience: Audience): Promise<boolean> {
  const route = await load(file);
  return (await implementedMethods(file)).every((method) => route[method]?.[MOUNTED]?.audience === audience);
}

describe('every route with an id segment', () => {
  it('finds the route files', () => {
    expect(DYNAMIC_ROUTE_FILES.length).toBeGreaterThan(30);
  });

  it('is exercised below, or served with the platform scope, or listed as not tenant-owned with a reason', async () => {
    const unaccounted: string[] = [];
    for (const file of DYNAMIC_ROUTE_FILES) {
      const cases = CASES.filter((entry) => entry.file === file);
      if (cases.length > 0) {
        for (const method of await implementedMethods(file)) {
          if (!cases.some((entry) => entry.method === method)) unaccounted.push(`${method} ${file}: a method not called with another account's id`);
        }
        continue;
      }
      if (NOT_TENANT_OWNED[file]) continue;
      const platform = PLATFORM_SURFACES.find((surface) => file.startsWith(surface.prefix));
      if (platform) {
        // Served under the platform prefix, but by a tenant's wrapper: that one needs a case here.
        if (!(await isServedOnlyTo(file, platform.audience))) {
          unaccounted.push(`${file}: under ${platform.prefix} but not mounted for ${platform.audience} alone`);
        }
        continue;
      }
      unaccounted.push(`${file}: add a case to CASES (or a reason to NOT_TENANT_OWNED)`);
    }
    expect(unaccounted).toEqual([]);
  });

  it('names only route files that exist', () => {
    const named = [...CASES.map((entry) => entry.file), ...Object.keys(NOT_TENANT_OWNED)];
    expect(named.filter((file) => !DYNAMIC_ROUTE_FILES.includes(file))).toEqual([]);
  });
});

const { receiver } = setUpDeliveryHarness();
const media = await temporaryMediaDir();
afterAll(() => media.cleanUp());

/** An account with a staff sign-in, a webhook, a dispatch (with its deliveries) assigned to its own driver, a branch and a spare key. */
async function newTenant(): Promise<Tenant> {
  const account = await newAccount();
  await registerWebhook({ accountId: account.id, url: `${receiver.url}/hooks/${account.id}`, allowPrivate: true });
  const { cookie } = await newStaffSession(account.id);
  const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
  const driver = await newDriver();
  await assignDriver({ id: dispatch.id, scope: accountScope(account.id), driverId: driver.id, actor: { refType: 'admin', refId: 'test' } });
  const branch = await createBranch({
    accountId: account.id,
    input: { vendor_bid: `branch-${uniqueSuffix()}`, name: 'Olaya', pickup: { lat: 24.69, lng: 46.68, address_line: 'Olaya St' } },
  });
  const spare = await createApiKey({ accountId: account.id, input: { name: 'Spare' } });
  const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { accountId: account.id }, select: { id: true } });
  const { cookie: driverCookie } = await newDriverSession(driver.id);
  const media = await storeMedia({ scope: driverScope(driver.id), dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' });
  const waiting = await createDispatch({ accountId: account.id, input: dispatchBody() });
  // Offered the way the dispatch engine offers: a trip on offer, one offer row per dispatch.
  const now = new Date();
  const trip = await db().$transaction((tx) =>
    insertTrip(
      tx,
      { driverId: driver.id, accountId: account.id, kind: 'final', orderIds: [waiting.id], offeredIds: [waiting.id], extendsTripId: null, departAt: now, arriveAt: now, readyAt: now },
      { state: 'offered', timeoutS: 600 },
    ),
  );
  const { id: offerId } = await db().dispatchOffer.findFirstOrThrow({ where: { tripId: trip.id }, select: { id: true } });
  return {
    accountId: account.id,
    apiKey: account.api_key,
    cookie,
    dispatchId: dispatch.id,
    deliveryId: delivery.id,
    branchId: branch.id,
    spareKeyId: spare.id,
    driverId: driver.id,
    driverCookie,
    mediaId: media.id,
    offerId,
  };
}

const credentials = (tenant: Tenant, surface: Surface): CallOptions =>
  ({ vendor: { apiKey: tenant.apiKey }, staff: { cookie: tenant.cookie }, driver: { cookie: tenant.driverCookie } })[surface];

/** What the other tenant's resources look like; none of the calls may change any of it. */
async function snapshot(tenant: Tenant) {
  return {
    record: await getDispatchJson({ id: tenant.dispatchId, scope: accountScope(tenant.accountId) }),
    delivery: await db().webhookDelivery.findUniqueOrThrow({ where: { id: tenant.deliveryId } }),
    branch: await db().branch.findUniqueOrThrow({ where: { id: tenant.branchId } }),
    spareKey: await db().apiKey.findUniqueOrThrow({ where: { id: tenant.spareKeyId }, select: { revokedAt: true } }),
    offer: await db().dispatchOffer.findUniqueOrThrow({ where: { id: tenant.offerId }, select: { state: true, respondedAt: true } }),
    media: await db().dispatchMedia.findUniqueOrThrow({ where: { id: tenant.mediaId } }),
  };
}

describe("another account's ids, on the vendor API, the staff dashboard and the driver app", () => {
  let mine: Tenant;
  let theirs: Tenant;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    [mine, theirs] = [await newTenant(), await newTenant()];
    before = await snapshot(theirs);
  });

  for (const entry of CASES) {
    const name = entry.file.replace(/^\.\/|\/route\.ts$/g, '');
    const outcome = entry.expect === 'lists_nothing' ? 'lists none of their dispatches' : 'is not found (404)';
    it(`${entry.method} ${name}: their ${entry.resource} ${outcome}; mine answers ${entry.ownStatus}`, async () => {
      const options = { ...credentials(mine, entry.surface), body: entry.body };
      const crossed = await call(entry.method, pathOf(entry, theirs), options);
      if (entry.expect === 'lists_nothing') {
        expect(crossed.status).toBe(200);
        expect(crossed.body.data).toEqual([]);
      } else {
        expect(crossed.status).toBe(404);
        expect(crossed.body.error).toBe('not_found');
        expect(JSON.stringify(crossed.body)).not.toContain(theirs.accountId);
      }
      const own = await call(entry.method, pathOf(entry, mine), options);
      expect(own.status).toBe(entry.ownStatus);
      if (entry.expect === 'lists_nothing') expect(own.body.data.map((row: { id: string }) => row.id)).toEqual([mine.dispatchId]);
    });
  }

  it('left every one of their resources as it was', async () => {
    expect(await snapshot(theirs)).toEqual(before);
    expect((await call('GET', `/ext/dispatch/${theirs.dispatchId}`, { apiKey: theirs.apiKey })).status).toBe(200);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/accounts/create-api-key';
import { createBranch } from '@/lib/branches/create-branch';
import { db } from '@/lib/db/client';
import { assignDriver } from '@/lib/dispatches/assign-driver';
import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { getDispatchJson } from '@/lib/dispatches/get-dispatch';
import { accountScope, driverScope } from '@/lib/tenancy/scope';
import { MOUNTED, type MountedHandler } from '@/lib/http/mount';
import type { Audience } from '@/lib/http/operation';
import { registerWebhook } from '@/lib/webhooks/register-webhook';
import { insertTrip } from '@/lib/offers/trips';
import { call, type CallOptions } from '@/test/api';
import { setUpDeliveryHarness } from '@/test/delivery-harness';
import { dispatchBody, newAccount, newDriver, newDriverSession, newStaffSession, uniqueSuffix } from '@/test/fixtures';
import { jpegImage } from '@/test/media-fixtures';
import { temporaryMediaDir } from '@/test/media-setup';
import { storeMedia } from '@/lib/media/store-media';

// Someone else's row is a 404, never a 403 and never their data. Every route
// of the vendor API and the staff dashboard that takes the id of a tenant-owned resource is
// called here with another account's id; a route file with an id segment that is neither
// exercised here nor listed below with a reason fails the first test, so a new one cannot slip
// past. (Each endpoint's own tests check the same for its resource; this is the one place that
// sees them all.)

const ROUTE_FILES = Object.keys(import.meta.glob(['./ext/**/route.ts', './api/**/route.ts']));
const DYNAMIC_ROUTE_FILES = ROUTE_FILES.filter((file) => file.includes('['));

/** One account's resources, each of which the other account must not reach. */
interface Tenant {
  accountId: string;
  apiKey: string;
  cookie: string;
  dispatchId: string;
  deliveryId: string;
  branchId: string;
  /** A key to revoke (not the one the tenant's own calls use). */
  spareKeyId: string;
  /** A driver assigned to this account's dispatch only. */
  driverId: string;
  /** That driver, signed in to the driver app. */
  driverCookie: string;
  /** A photo the driver took of the dispatch. */
  mediaId: string;
  /** An offer of another of the account's dispatches to the driver. */
  offerId: string;
}

/** The vendor API, the staff dashboard, and the driver app (whose "tenant" is the driver). */
type Surface = 'vendor' | 'staff' | 'driver';

interface Case {
  file: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  surface: Surface;
  resource: 'dispatch' | 'webhook delivery' | 'branch' | 'api key' | 'driver' | 'media' | 'offer';
  path: (tenant: Tenant) => string;
  body?: unknown;
  /**
   * `not_found` (the default): 404 for the other tenant's id. `lists_nothing`: the id only filters
   * the caller's own rows (a driver is not owned by an account), so the answer is an empty page.
   */
  expect?: 'not_found' | 'lists_nothing';
  /** What the caller's own id answers (the control: the path and body are right). */
  ownStatus: number;
}

const DESTINATION = { lat: 24.8, lng: 46.7, address_line: 'Moved here' };
const CANCEL = { reason: 'customer_cancelled' };

// Writes come after the reads of the same resource, the branch's DELETE after its PATCH, and the
// cancels last: the control calls run on the caller's own resources in this order.
const CASES: Case[] = [
  { file: './ext/dispatch/[id]/route.ts', method: 'GET', surface: 'vendor', resource: 'dispatch', path: (t) => `/ext/dispatch/${t.dispatchId}`, ownStatus: 200 },
  {
    file: './ext/dispatch/[id]/destination/route.ts',
    method: 'PATCH',
    surface: 'vendor',
    resource: 'dispatch',
    path: (t) => `/ext/dispatch/${t.dispatchId}/destination`,
    body: DESTINATION,
    ownStatus: 204,
  },
  {
    file: './ext/dispatches/d/[driver_id]/route.ts',
    method: 'GET',
    surface: 'vendor',
    resource: 'driver',
    path: (t) => `/ext/dispatches/d/${t.driverId}`,
    expect: 'lists_nothing',
    ownStatus: 200,
  },
  {
    file: './ext/webhook/deliveries/[id]/route.ts',
    method: 'GET',
    surface: 'vendor',
    resource: 'webhook delivery',
    path: (t) => `/ext/webhook/deliveries/${t.deliveryId}`,
    ownStatus: 200,
  },
  {
    file: './ext/webhook/deliveries/[id]/redeliver/route.ts',
    method: 'POST',
    surface: 'vendor',
    resource: 'webhook delivery',
    path: (t) => `/ext/webhook/deliveries/${t.deliveryId}/redeliver`,
    ownStatus: 202,
  },
  { file: './api/staff/dispatches/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', path: (t) => `/api/staff/dispatches/${t.dispatchId}`, ownStatus: 200 },
  {
    file: './api/staff/dispatches/[id]/eta/route.ts',
    method: 'GET',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/eta`,
    ownStatus: 200,
  },
  {
    file: './api/staff/dispatches/[id]/deliveries/route.ts',
    method: 'GET',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/deliveries`,
    ownStatus: 200,
  },
  {
    file: './api/staff/dispatches/[id]/destination/route.ts',
    method: 'PATCH',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/destination`,
    body: DESTINATION,
    ownStatus: 200,
  },
  { file: './api/staff/drivers/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'driver', path: (t) => `/api/staff/drivers/${t.driverId}`, ownStatus: 200 },
  {
    file: './api/staff/webhook/deliveries/[id]/route.ts',
    method: 'GET',
    surface: 'staff',
    resource: 'webhook delivery',
    path: (t) => `/api/staff/webhook/deliveries/${t.deliveryId}`,
    ownStatus: 200,
  },
  {
    file: './api/staff/webhook/deliveries/[id]/redeliver/route.ts',
    method: 'POST',
    surface: 'staff',
    resource: 'webhook delivery',
    path: (t) => `/api/staff/webhook/deliveries/${t.deliveryId}/redeliver`,
    ownStatus: 202,
  },
  {
    file: './api/staff/branches/[id]/route.ts',
    method: 'PATCH',
    surface: 'staff',
    resource: 'branch',
    path: (t) => `/api/staff/branches/${t.branchId}`,
    body: { name: 'Renamed' },
    ownStatus: 200,
  },
  { file: './api/staff/branches/[id]/route.ts', method: 'DELETE', surface: 'staff', resource: 'branch', path: (t) => `/api/staff/branches/${t.branchId}`, ownStatus: 204 },
  { file: './api/staff/api-keys/[id]/route.ts', method: 'DELETE', surface: 'staff', resource: 'api key', path: (t) => `/api/staff/api-keys/${t.spareKeyId}`, ownStatus: 204 },
  {
    file: './ext/dispatch/[id]/route.ts',
    method: 'PATCH',
    surface: 'vendor',
    resource: 'dispatch',
    path: (t) => `/ext/dispatch/${t.dispatchId}`,
    body: { tip: 500 },
    ownStatus: 200,
  },
  {
    file: './api/staff/dispatches/[id]/dropoff/route.ts',
    method: 'PATCH',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/dropoff`,
    body: { contactless: true },
    ownStatus: 200,
  },
  { file: './ext/dispatch/[id]/ready/route.ts', method: 'POST', surface: 'vendor', resource: 'dispatch', path: (t) => `/ext/dispatch/${t.dispatchId}/ready`, ownStatus: 200 },
  {
    file: './api/staff/dispatches/[id]/ready/route.ts',
    method: 'POST',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/ready`,
    ownStatus: 200,
  },
  // The driver app: the other account's driver's job, photo and offer are not found by this driver.
  { file: './api/driver/jobs/[id]/route.ts', method: 'GET', surface: 'driver', resource: 'dispatch', path: (t) => `/api/driver/jobs/${t.dispatchId}`, ownStatus: 200 },
  {
    file: './api/driver/jobs/[id]/deliver/route.ts',
    method: 'POST',
    surface: 'driver',
    resource: 'dispatch',
    path: (t) => `/api/driver/jobs/${t.dispatchId}/deliver`,
    body: {},
    // Not picked up yet.
    ownStatus: 409,
  },
  {
    file: './api/driver/jobs/[id]/fail/route.ts',
    method: 'POST',
    surface: 'driver',
    resource: 'dispatch',
    path: (t) => `/api/driver/jobs/${t.dispatchId}/fail`,
    body: { reason: 'customer_unreachable' },
    ownStatus: 409,
  },
  {
    file: './api/driver/jobs/[id]/media/route.ts',
    method: 'POST',
    surface: 'driver',
    resource: 'dispatch',
    path: (t) => `/api/driver/jobs/${t.dispatchId}/media?kind=photo`,
    // JSON is not an image: the driver's own dispatch answers 415, another's 404 before the body is looked at.
    body: { not: 'an image' },
    ownStatus: 415,
  },
  { file: './api/driver/media/[id]/route.ts', method: 'GET', surface: 'driver', resource: 'media', path: (t) => `/api/driver/media/${t.mediaId}`, ownStatus: 200 },
  { file: './ext/media/[id]/route.ts', method: 'GET', surface: 'vendor', resource: 'media', path: (t) => `/ext/media/${t.mediaId}`, ownStatus: 302 },
  { file: './api/staff/media/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'media', path: (t) => `/api/staff/media/${t.mediaId}`, ownStatus: 200 },
  {
    file: './api/staff/dispatches/[id]/proof/route.ts',
    method: 'GET',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/proof`,
    ownStatus: 200,
  },
  {
    file: './api/staff/dispatches/[id]/destination-changes/route.ts',
    method: 'GET',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/destination-changes`,
    ownStatus: 200,
  },
  {
    file: './api/staff/dispatches/[id]/trail/route.ts',
    method: 'GET',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/trail`,
    ownStatus: 200,
  },
  { file: './api/driver/offers/[id]/decline/route.ts', method: 'POST', surface: 'driver', resource: 'offer', path: (t) => `/api/driver/offers/${t.offerId}/decline`, ownStatus: 200 },
  {
    file: './api/driver/offers/[id]/accept/route.ts',
    method: 'POST',
    surface: 'driver',
    resource: 'offer',
    path: (t) => `/api/driver/offers/${t.offerId}/accept`,
    // Declined just above: closed.
    ownStatus: 409,
  },
  {
    file: './api/driver/jobs/[id]/status/route.ts',
    method: 'POST',
    surface: 'driver',
    resource: 'dispatch',
    path: (t) => `/api/driver/jobs/${t.dispatchId}/status`,
    body: { status: 'accepted' },
    ownStatus: 200,
  },
  {
    file: './ext/dispatch/[id]/cancel/route.ts',
    method: 'POST',
    surface: 'vendor',
    resource: 'dispatch',
    path: (t) => `/ext/dispatch/${t.dispatchId}/cancel`,
    body: CANCEL,
    ownStatus: 200,
  },
  {
    file: './api/staff/dispatches/[id]/cancel/route.ts',
    method: 'POST',
    surface: 'staff',
    resource: 'dispatch',
    path: (t) => `/api/staff/dispatches/${t.dispatchId}/cancel`,
    body: CANCEL,
    // Cancelled by the vendor API's case above: a repeat cancel answers the record again.
    ownStatus: 200,
  },
];

/** Route files with an id segment that no tenant reaches across, and why. */
const NOT_TENANT_OWNED: Record<string, string> = {
  './api/track/[token]/route.ts': "the public tracking page: the secret token is the capability; it reveals one dispatch's progress to its customer",
  './api/[...path]/route.ts': 'the catch-all: a JSON 404 for every unknown /api path',
  './ext/[...path]/route.ts': 'the catch-all: a JSON 404 for every unknown /ext path',
};

/** Whole surfaces served with the platform scope: there is no other tenant to reach. */
const PLATFORM_SURFACES: { prefix: string; wrapper: string; audience: Audience; why: string }[] = [
  { prefix: './api/admin/', wrapper: 'adminRoute', audience: 'admin', why: 'the admin console: platform scope, every account' },
  { prefix: './api/ops/', wrapper: 'opsRoute', audience: 'ops', why: 'the operator API: platform scope, every account' },
];

const source = (file: string) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');

const load = async (file: string) => (await import(/* @vite-ignore */ path.join(import.meta.dirname, file))) as Record<string, MountedHandler>;

/** The methods a route file implements, as its OPTIONS answer lists them (HEAD and OPTIONS aside). */
async function implementedMethods(file: string): Promise<string[]> {
  const route = await load(file);
  const response = await route.OPTIONS!(new Request('http://localhost/p', { method: 'OPTIONS' }), { params: Promise.resolve({}) });
  return (response.headers.get('allow') ?? '').split(', ').filter((method) => method !== 'OPTIONS' && method !== 'HEAD');
}

/** Whether every method of a route file is served to `audience` alone: mounted for it, or written with its wrapper. */
async function isServedOnlyTo(file: string, audience: Audience, wrapper: string): Promise<boolean> {
  const route = await load(file);
  const audiences = (await implementedMethods(file)).map((method) => route[method]?.[MOUNTED]?.audience);
  if (audiences.every((mounted) => mounted === audience)) return true;
  return audiences.every((mounted) => mounted === undefined) && !/\b(apiKeyRoute|staffRoute)\b/.test(source(file)) && source(file).includes(wrapper);
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
        if (!(await isServedOnlyTo(file, platform.audience, platform.wrapper))) {
          unaccounted.push(`${file}: under ${platform.prefix} but not (only) ${platform.wrapper}`);
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
      const crossed = await call(entry.method, entry.path(theirs), options);
      if (entry.expect === 'lists_nothing') {
        expect(crossed.status).toBe(200);
        expect(crossed.body.data).toEqual([]);
      } else {
        expect(crossed.status).toBe(404);
        expect(crossed.body.error).toBe('not_found');
        expect(JSON.stringify(crossed.body)).not.toContain(theirs.accountId);
      }
      const own = await call(entry.method, entry.path(mine), options);
      expect(own.status).toBe(entry.ownStatus);
      if (entry.expect === 'lists_nothing') expect(own.body.data.map((row: { id: string }) => row.id)).toEqual([mine.dispatchId]);
    });
  }

  it('left every one of their resources as it was', async () => {
    expect(await snapshot(theirs)).toEqual(before);
    expect((await call('GET', `/ext/dispatch/${theirs.dispatchId}`, { apiKey: theirs.apiKey })).status).toBe(200);
  });
});

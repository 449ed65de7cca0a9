import type { Audience } from '@/lib/platform/server/http/operation';
// The calls app/tenant-isolation.integration.test.ts makes across tenants: every route of the
// vendor API, the staff dashboard and the driver app that takes the id of a tenant-owned resource,
// and the route files with an id segment that are exempt, each with its reason. A new route with
// an id segment joins CASES (or is listed with its reason): the test fails until it does.

/** One account's resources, each of which the other account must not reach. */
export interface Tenant {
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
export type Surface = 'vendor' | 'staff' | 'driver';

export interface Case {
  file: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  surface: Surface;
  resource: keyof typeof ID_OF;
  /** After the path (which `pathOf` makes from the file), e.g. `?kind=photo`. */
  query?: string;
  body?: unknown;
  /**
   * `not_found` (the default): 404 for the other tenant's id. `lists_nothing`: the id only filters
   * the caller's own rows (a driver is not owned by an account), so the answer is an empty page.
   */
  expect?: 'not_found' | 'lists_nothing';
  /** What the caller's own id answers (the control: the path and body are right). */
  ownStatus: number;
}

/** The tenant's id that each resource's route takes in its id segment. */
const ID_OF = {
  dispatch: 'dispatchId',
  'webhook delivery': 'deliveryId',
  branch: 'branchId',
  'api key': 'spareKeyId',
  driver: 'driverId',
  media: 'mediaId',
  offer: 'offerId',
} as const satisfies Record<string, keyof Tenant>;

/**
 * What a case calls: its route file's path with the tenant's id of its resource in the id
 * segment, so that the call can only be the route the case names.
 */
export function pathOf(entry: Case, tenant: Tenant): string {
  return entry.file.replace(/^\.|\/route\.ts$/g, '').replace(/\[[^\]]+\]/, tenant[ID_OF[entry.resource]]) + (entry.query ?? '');
}

const DESTINATION = { lat: 24.8, lng: 46.7, address_line: 'Moved here' };
const CANCEL = { reason: 'customer_cancelled' };

// Writes come after the reads of the same resource, the branch's DELETE after its PATCH, and the
// cancels last: the control calls run on the caller's own resources in this order.
export const CASES: Case[] = [
  { file: './ext/dispatch/[id]/route.ts', method: 'GET', surface: 'vendor', resource: 'dispatch', ownStatus: 200 },
  { file: './ext/dispatch/[id]/destination/route.ts', method: 'PATCH', surface: 'vendor', resource: 'dispatch', body: DESTINATION, ownStatus: 204 },
  { file: './ext/dispatches/d/[driver_id]/route.ts', method: 'GET', surface: 'vendor', resource: 'driver', expect: 'lists_nothing', ownStatus: 200 },
  { file: './ext/webhook/deliveries/[id]/route.ts', method: 'GET', surface: 'vendor', resource: 'webhook delivery', ownStatus: 200 },
  { file: './ext/webhook/deliveries/[id]/redeliver/route.ts', method: 'POST', surface: 'vendor', resource: 'webhook delivery', ownStatus: 202 },
  { file: './api/staff/dispatches/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/eta/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/deliveries/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/destination/route.ts', method: 'PATCH', surface: 'staff', resource: 'dispatch', body: DESTINATION, ownStatus: 200 },
  { file: './api/staff/drivers/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'driver', ownStatus: 200 },
  { file: './api/staff/webhook/deliveries/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'webhook delivery', ownStatus: 200 },
  { file: './api/staff/webhook/deliveries/[id]/redeliver/route.ts', method: 'POST', surface: 'staff', resource: 'webhook delivery', ownStatus: 202 },
  { file: './api/staff/branches/[id]/route.ts', method: 'PATCH', surface: 'staff', resource: 'branch', body: { name: 'Renamed' }, ownStatus: 200 },
  { file: './api/staff/branches/[id]/route.ts', method: 'DELETE', surface: 'staff', resource: 'branch', ownStatus: 204 },
  { file: './api/staff/api-keys/[id]/route.ts', method: 'DELETE', surface: 'staff', resource: 'api key', ownStatus: 204 },
  { file: './ext/dispatch/[id]/route.ts', method: 'PATCH', surface: 'vendor', resource: 'dispatch', body: { tip: 500 }, ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/dropoff/route.ts', method: 'PATCH', surface: 'staff', resource: 'dispatch', body: { contactless: true }, ownStatus: 200 },
  { file: './ext/dispatch/[id]/ready/route.ts', method: 'POST', surface: 'vendor', resource: 'dispatch', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/ready/route.ts', method: 'POST', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  // The driver app: the other account's driver's job, photo and offer are not found by this driver.
  { file: './api/driver/jobs/[id]/route.ts', method: 'GET', surface: 'driver', resource: 'dispatch', ownStatus: 200 },
  // Not picked up yet: the caller's own job is neither delivered nor failed (409).
  { file: './api/driver/jobs/[id]/deliver/route.ts', method: 'POST', surface: 'driver', resource: 'dispatch', body: {}, ownStatus: 409 },
  { file: './api/driver/jobs/[id]/fail/route.ts', method: 'POST', surface: 'driver', resource: 'dispatch', body: { reason: 'customer_unreachable' }, ownStatus: 409 },
  // JSON is not an image: the driver's own dispatch answers 415, another's 404 before the body is looked at.
  { file: './api/driver/jobs/[id]/media/route.ts', method: 'POST', surface: 'driver', resource: 'dispatch', query: '?kind=photo', body: { not: 'an image' }, ownStatus: 415 },
  { file: './api/driver/media/[id]/route.ts', method: 'GET', surface: 'driver', resource: 'media', ownStatus: 200 },
  { file: './ext/media/[id]/route.ts', method: 'GET', surface: 'vendor', resource: 'media', ownStatus: 302 },
  { file: './api/staff/media/[id]/route.ts', method: 'GET', surface: 'staff', resource: 'media', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/proof/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/destination-changes/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  { file: './api/staff/dispatches/[id]/trail/route.ts', method: 'GET', surface: 'staff', resource: 'dispatch', ownStatus: 200 },
  { file: './api/driver/offers/[id]/decline/route.ts', method: 'POST', surface: 'driver', resource: 'offer', ownStatus: 200 },
  // Declined just above: closed.
  { file: './api/driver/offers/[id]/accept/route.ts', method: 'POST', surface: 'driver', resource: 'offer', ownStatus: 409 },
  { file: './api/driver/jobs/[id]/status/route.ts', method: 'POST', surface: 'driver', resource: 'dispatch', body: { status: 'accepted' }, ownStatus: 200 },
  { file: './ext/dispatch/[id]/cancel/route.ts', method: 'POST', surface: 'vendor', resource: 'dispatch', body: CANCEL, ownStatus: 200 },
  // Cancelled by the vendor API's case above: a repeat cancel answers the record again.
  { file: './api/staff/dispatches/[id]/cancel/route.ts', method: 'POST', surface: 'staff', resource: 'dispatch', body: CANCEL, ownStatus: 200 },
];

/** Route files with an id segment that no tenant reaches across, and why. */
export const NOT_TENANT_OWNED: Record<string, string> = {
  './api/track/[token]/route.ts': "the public tracking page: the secret token is the capability; it reveals one dispatch's progress to its customer",
  './api/[...path]/route.ts': 'the catch-all: a JSON 404 for every unknown /api path',
  './ext/[...path]/route.ts': 'the catch-all: a JSON 404 for every unknown /ext path',
};

/** Whole surfaces served with the platform scope: there is no other tenant to reach. */
export const PLATFORM_SURFACES: { prefix: string; audience: Audience; why: string }[] = [
  { prefix: './api/admin/', audience: 'admin', why: 'the admin console: platform scope, every account' },
  { prefix: './api/ops/', audience: 'ops', why: 'the operator API: platform scope, every account' },
];

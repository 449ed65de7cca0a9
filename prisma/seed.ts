import fs from 'node:fs/promises';
import path from 'node:path';
import { createAccount } from '@/lib/accounts/server/create-account';
import { updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { updateProofOfDelivery } from '@/lib/accounts/server/update-proof-of-delivery';
import { createUser } from '@/lib/platform/server/auth/create-user';
import { randomStrongPin } from '@/lib/platform/shared/auth/pin-policy';
import { createBranch } from '@/lib/accounts/server/branches/create-branch';
import { newSecret } from '@/lib/platform/server/ids/new-id';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import type { CreateDispatchBody } from '@/lib/dispatch/shared/schemas';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { setDriverDuty } from '@/lib/fleet/server/drivers/set-driver-duty';
import { assignSandboxDriver } from '@/lib/fleet/server/sandbox/assign-sandbox-driver';
import { sandboxEstimator } from '@/lib/fleet/server/sandbox/straight-line';
import { platformScope } from '@/lib/platform/server/tenancy/scope';

// The demo a newcomer sees after `npm start`: one vendor account, two drivers and a few
// dispatches at different points of the lifecycle, all made through the domain functions.
// One delivered by a real driver is history; the account then goes into sandbox mode and the
// others are made in it, so the simulator drives them to `delivered` like every dispatch
// created afterwards, in 25–60 seconds each (lib/fleet/server). They used to be made before
// the mode and stayed at new / assigned / picked_up forever: a sandbox that looked broken.
//
// A sandbox's dispatches go to simulated drivers, never to a person. So that a newcomer can
// play restaurant, driver and customer in three tabs, a second restaurant, "Demo Kitchen (real
// drivers)", has auto-assign on and no sandbox: its dispatches are offered to the nearest
// on-duty driver with a fresh position, which is the demo driver (signed in with a phone and
// PIN, on duty, placed beside the restaurant; the other real drivers have no position). It asks
// for the customer's PIN as proof of delivery, which the customer's tracking page shows.

export interface DemoCredentials {
  account_id: string;
  api_key: string;
  webhook_secret: string;
  /** The dashboard sign-in of the demo account's staff. */
  staff_email: string;
  staff_password: string;
  /** The platform admin's console sign-in (seeded with the demo). */
  admin_email?: string;
  admin_password?: string;
  /** The restaurant whose dispatches real drivers get (auto-assign, no sandbox), and its staff sign-in. */
  live_account_id?: string;
  live_staff_email?: string;
  live_staff_password?: string;
  /** The demo driver's driver app sign-in. */
  driver_phone?: string;
  driver_pin?: string;
}

export const DEMO_STAFF_EMAIL = 'staff@demo-kitchen.example';
export const DEMO_ADMIN_EMAIL = 'admin@dispatch.example';
export const DEMO_LIVE_ACCOUNT_NAME = 'Demo Kitchen (real drivers)';
export const DEMO_LIVE_STAFF_EMAIL = 'staff@real-drivers.demo-kitchen.example';
export const DEMO_DRIVER_PHONE = '+966500000100';
/** Where the demo driver starts: about 250 m from the demo restaurant's Olaya branch. */
const DEMO_DRIVER_START = { lat: 24.6975, lng: 46.6868 };
const OLAYA_BRANCH = { vendor_bid: 'olaya', name: 'Olaya', pickup: { ref_id: 'olaya', lat: 24.6953, lng: 46.6851, address_line: 'Olaya St 4120, Riyadh' } };
/**
 * The demo's simulated drivers: 250 m a tick at the default tick of one second, so a driver
 * placed 1–2 km from the pickup is there in a few seconds, and a dispatch is delivered about
 * 25 s (2 km), 35 s (5 km) or a minute (10 km) after it is created (measured).
 */
export const DEMO_SANDBOX_SPEED_KMH = 900;

const ADMIN = { refType: 'admin', refId: 'seed' } as const;

function order(n: number, destination: { lat: number; lng: number; address_line: string }): CreateDispatchBody {
  return {
    pickup: { ref_id: 'olaya', lat: 24.6953, lng: 46.6851, address_line: 'Olaya St 4120, Riyadh' },
    destination,
    user_metadata: { id: `cust-${n}`, firstName: 'Demo', lastName: `Customer ${n}`, email: `customer${n}@example.com`, phone: `+96650000000${n}` },
    vendor_id: 'demo-kitchen',
    vendor_name: { 'en-us': 'Demo Kitchen', 'ar-sa': 'مطبخ التجربة' },
    vendor_oid: `DEMO-${1000 + n}`,
    vendor_sid: `#${n}`,
    vendor_bid: 'olaya',
    vendor_payload: {
      pickup_wait_time: 10,
      order_price: 54 + n * 7.5,
      currency: 'SAR',
      payment_type: n % 2 ? 'CASH' : 'VISA',
      order_details: [{ item_name: { 'en-us': 'Chicken shawarma', 'ar-sa': 'شاورما دجاج' }, count: n, price: 18 }],
    },
  };
}

/** Seeds the demo once, on an empty database; returns its credentials, or null if it had data. */
export async function seedDemo(): Promise<DemoCredentials | null> {
  if ((await db().account.count()) > 0) return null;
  const account = await createAccount({ name: 'Demo Kitchen' });
  const omar = await createDriver({ input: { name: 'Omar Haddad', phone: '+966511000001', fleet_id: 'riyadh-central' } });
  await createDriver({ input: { name: 'Lina Saleh', phone: '+966511000002', fleet_id: 'riyadh-central' } });

  const destinations = [
    { lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd, Riyadh' },
    { lat: 24.7136, lng: 46.6753, address_line: 'Tahlia St, Riyadh' },
    { lat: 24.6625, lng: 46.7150, address_line: 'Al Malaz, Riyadh' },
    { lat: 24.8207, lng: 46.6400, address_line: 'Al Nakheel, Riyadh' },
  ] as const;
  const done = await createDispatch({ accountId: account.id, input: order(4, destinations[3]) });
  await assignDriver({ id: done.id, scope: platformScope(), driverId: omar.id, actor: ADMIN });
  for (const status of ['accepted', 'picked_up', 'delivered'] as const) {
    await changeStatus({ id: done.id, scope: platformScope(), status, actor: { refType: 'driver', refId: omar.id } });
  }

  await updateAccountModes({ accountId: account.id, input: { sandbox: true, sandbox_speed_kmh: DEMO_SANDBOX_SPEED_KMH } });
  // Made in sandbox mode, so each is scheduled for the simulator (`sim_next_at`). Two are moved
  // ahead by hand, with simulated drivers as the simulator would, so the first look shows a
  // dispatch waiting, one assigned and one on its way to the customer, all of them moving.
  const [, assigned, onTheWay] = await Promise.all(
    destinations.slice(0, 3).map((destination, index) => createDispatch({ accountId: account.id, input: order(index + 1, destination) })),
  );
  await assignSandboxDriver({ dispatchId: assigned!.id, accountId: account.id, pickup: assigned!.pickup });
  const { driverId } = await assignSandboxDriver({ dispatchId: onTheWay!.id, accountId: account.id, pickup: onTheWay!.pickup });
  const asDriver = { refType: 'driver', refId: driverId } as const;
  await changeStatus({ id: onTheWay!.id, scope: platformScope(), status: 'accepted', actor: asDriver });
  // At the restaurant (the geofence records near_pickup), so the drive starts from there.
  await recordDriverPosition({ driverId, lat: onTheWay!.pickup.lat, lng: onTheWay!.pickup.lng, estimator: sandboxEstimator(DEMO_SANDBOX_SPEED_KMH) });
  for (const status of ['ready_for_pickup', 'picked_up'] as const) {
    await changeStatus({ id: onTheWay!.id, scope: platformScope(), status, actor: asDriver });
  }
  const staffPassword = newSecret(16);
  await createUser({ input: { email: DEMO_STAFF_EMAIL, name: 'Demo Staff', password: staffPassword, role: 'staff', accountId: account.id } });
  const adminPassword = newSecret(16);
  await createUser({ input: { email: DEMO_ADMIN_EMAIL, name: 'Demo Admin', password: adminPassword, role: 'admin', accountId: null } });
  await createBranch({ accountId: account.id, input: OLAYA_BRANCH });
  return {
    account_id: account.id,
    api_key: account.api_key,
    webhook_secret: account.webhook_secret,
    staff_email: DEMO_STAFF_EMAIL,
    staff_password: staffPassword,
    admin_email: DEMO_ADMIN_EMAIL,
    admin_password: adminPassword,
    ...(await seedRealDriverDemo()),
  };
}

/** The restaurant real drivers serve and the demo driver who serves it (see the top of this file). */
async function seedRealDriverDemo() {
  const live = await createAccount({ name: DEMO_LIVE_ACCOUNT_NAME });
  await updateAccountModes({ accountId: live.id, input: { auto_assign: true } });
  await updateProofOfDelivery({ accountId: live.id, input: { proof_of_delivery: 'pin' } });
  await createBranch({ accountId: live.id, input: OLAYA_BRANCH });
  const liveStaffPassword = newSecret(16);
  await createUser({ input: { email: DEMO_LIVE_STAFF_EMAIL, name: 'Demo Staff (real drivers)', password: liveStaffPassword, role: 'staff', accountId: live.id } });

  const driver = await createDriver({ input: { name: 'Sami Demo', phone: DEMO_DRIVER_PHONE, fleet_id: 'riyadh-central' } });
  const driverPin = randomStrongPin(6, DEMO_DRIVER_PHONE);
  await setDriverSignIn({ driverId: driver.id, input: { phone: DEMO_DRIVER_PHONE, pin: driverPin } });
  await setDriverDuty({ driverId: driver.id, onDuty: true });
  await recordDriverPosition({ driverId: driver.id, ...DEMO_DRIVER_START });
  return {
    live_account_id: live.id,
    live_staff_email: DEMO_LIVE_STAFF_EMAIL,
    live_staff_password: liveStaffPassword,
    driver_phone: DEMO_DRIVER_PHONE,
    driver_pin: driverPin,
  };
}

/** Where the demo's credentials are kept (mode 0600) so later starts can show them again. */
export function demoCredentialsPath(dataDir: string): string {
  return path.resolve(dataDir, 'demo-credentials.json');
}

export async function saveDemoCredentials(dataDir: string, credentials: DemoCredentials): Promise<void> {
  await fs.writeFile(demoCredentialsPath(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

export async function readDemoCredentials(dataDir: string): Promise<DemoCredentials | null> {
  try {
    return JSON.parse(await fs.readFile(demoCredentialsPath(dataDir), 'utf8')) as DemoCredentials;
  } catch {
    return null;
  }
}

import { randomBytes } from 'node:crypto';
import { createAccount } from '@/lib/accounts/server/create-account';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import type { CreateDispatchBody } from '@/lib/dispatch/shared/schemas';

// Test data goes in through the same domain functions the product uses.

export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

export async function newAccount(name = `Test Kitchen ${uniqueSuffix()}`) {
  return createAccount({ name });
}

export async function newDriver(fleetId = 'fleet-1') {
  return createDriver({ input: { name: `Driver ${uniqueSuffix()}`, phone: '+966500000001', fleet_id: fleetId } });
}

/** A complete, valid create request (every optional field filled) with a fresh vendor_oid. */
export function dispatchBody(overrides: Partial<CreateDispatchBody> = {}): CreateDispatchBody {
  return {
    pickup: { ref_id: 'branch-1', lat: 24.7136, lng: 46.6753, address_line: 'Olaya St, Riyadh' },
    destination: { ref_id: 'cust-addr-9', lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd, Riyadh' },
    user_metadata: {
      id: 'cust-42',
      username: 'sara',
      firstName: 'Sara',
      lastName: 'Al-Qahtani',
      email: 'sara@example.com',
      phone: '+966500000042',
    },
    vendor_logo_url: 'https://cdn.example.com/logo.png',
    vendor_id: 'vendor-7',
    vendor_name: { 'en-us': 'Burger House', 'ar-sa': 'بيت البرجر' },
    vendor_oid: `order-${uniqueSuffix()}`,
    vendor_sid: 'A-17',
    vendor_bid: 'branch-olaya',
    vendor_payload: {
      pickup_wait_time: 12,
      order_price: 87.5,
      currency: 'SAR',
      payment_type: 'VISA',
      order_details: [
        { item_name: { 'en-us': 'Double burger', 'ar-sa': 'برجر مزدوج' }, count: 2, price: 32.5 },
        { item_name: { 'en-us': 'Fries' }, count: 1, price: 22.5 },
      ],
    },
    ...overrides,
  };
}

export const STAFF_PASSWORD = 'correct horse battery staple';

/** A staff sign-in of the account, signed in: `cookie` is the Cookie header of its session. */
export async function newStaffSession(accountId: string) {
  const { createUser } = await import('@/lib/platform/server/auth/create-user');
  const { signIn } = await import('@/lib/platform/server/auth/sign-in');
  const email = `staff-${uniqueSuffix()}@example.com`;
  const user = await createUser({ input: { email, name: 'Test Staff', password: STAFF_PASSWORD, role: 'staff', accountId } });
  const { token } = await signIn({ input: { email, password: STAFF_PASSWORD }, ip: '203.0.113.9' });
  return { user, email, token, cookie: `dispatch_session=${token}` };
}

/** A signed-in staff member of a new account: `cookie` for calls, `account` for its key and secrets. */
export async function staffOfNewAccount() {
  const account = await newAccount();
  return { account, ...(await newStaffSession(account.id)) };
}

/** A signed-in platform admin: the console's caller. */
export async function newAdminSession() {
  const { createUser } = await import('@/lib/platform/server/auth/create-user');
  const { signIn } = await import('@/lib/platform/server/auth/sign-in');
  const email = `admin-${uniqueSuffix()}@example.com`;
  const user = await createUser({ input: { email, name: 'Test Admin', password: STAFF_PASSWORD, role: 'admin', accountId: null } });
  const { token } = await signIn({ input: { email, password: STAFF_PASSWORD }, ip: '203.0.113.10' });
  return { user, email, token, cookie: `dispatch_session=${token}` };
}

export type AdminSession = Awaited<ReturnType<typeof newAdminSession>>;

export const DRIVER_PIN = '482915';

/**
 * A signed-in driver of the driver app (`driverId`, or a new driver): a driver user with a phone
 * and PIN, signed in through the same sign-in as the app. Written directly (the console's
 * sign-in creation has its own tests), so any test can have a driver session.
 */
export async function newDriverSession(driverId?: string) {
  const { db } = await import('@/lib/platform/server/db/client');
  const { hashPassword } = await import('@/lib/platform/server/auth/password');
  const { signIn } = await import('@/lib/platform/server/auth/sign-in');
  const id = driverId ?? (await newDriver()).id;
  const phone = `+9665${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
  const { newId } = await import('@/lib/platform/server/ids/new-id');
  await db().user.create({
    data: { id: newId('usr'), phone, name: 'Test Driver', role: 'driver', driverId: id, passwordHash: await hashPassword(DRIVER_PIN) },
  });
  const { token, user } = await signIn({ input: { phone, pin: DRIVER_PIN }, ip: '203.0.113.11' });
  return { driverId: id, user, phone, token, cookie: `dispatch_session=${token}` };
}

/** The console's callers: a signed-in admin, and the cookie of a staff member, whom the console refuses. */
export async function newConsoleSessions(): Promise<{ admin: AdminSession; staffCookie: string }> {
  const admin = await newAdminSession();
  const { cookie: staffCookie } = await staffOfNewAccount();
  return { admin, staffCookie };
}

/** Two points in Riyadh about 12 km apart: a trip to estimate. */
export const RIYADH_OLAYA = { lat: 24.695, lng: 46.685 };
export const RIYADH_NORTH = { lat: 24.8, lng: 46.63 };

/** Every field of an estimate, sorted: what both estimate routes answer under `data`. */
export const ESTIMATE_FIELDS = [
  'delivery_price',
  'delivery_price_text',
  'destination_estimated_time',
  'pickup_estimated_time',
  'planned_dropoff_at',
  'planned_pickup_at',
  'quote_expires_at',
  'quote_id',
  'total_estimated_time',
  'vat_price',
  'vat_price_text',
];

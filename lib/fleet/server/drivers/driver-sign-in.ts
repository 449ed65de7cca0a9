import { db } from '@/lib/platform/server/db/client';
import { duplicateAs } from '@/lib/platform/server/db/database-errors';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId } from '@/lib/platform/server/ids/new-id';
import { hashPassword } from '@/lib/platform/server/auth/password';
import type { DriverSignInView, SetDriverSignInBody } from '@/lib/fleet/shared/drivers/driver-sign-in-schemas';
import { driverNotFound } from '@/lib/fleet/server/drivers/get-admin-driver';

// A driver signs in to the driver app with a phone number and a PIN an admin set (or once with a
// sign-in link, lib/fleet/server/internal/drivers/sign-in-link.ts). Their users row has role `driver` and `driver_id`;
// one per driver (users.driver_id is unique), so "set" creates it or replaces its phone and PIN.

const SIGN_IN_SELECT = { id: true, driverId: true, phone: true } as const;

function signInView(row: { id: string; driverId: string | null; phone: string | null }): DriverSignInView {
  return { user_id: row.id, driver_id: row.driverId!, phone: row.phone! };
}

/**
 * The driver a sign-in may be made for: an existing driver (404 otherwise) who is not one of a
 * sandbox's simulated drivers (the simulator drives those; a person signed in as one would
 * fight it: 409).
 */
export async function signInDriverOf(driverId: string) {
  const driver = await db().driver.findUnique({
    where: { id: driverId },
    select: { id: true, name: true, phone: true, sandboxAccountId: true, user: { select: { id: true, disabledAt: true } } },
  });
  if (!driver) throw driverNotFound(driverId);
  if (driver.sandboxAccountId) {
    throw new DomainError('invalid_state', `Driver "${driverId}" is a simulated driver of a sandbox account: it cannot sign in to the driver app`);
  }
  return driver;
}

/** The phone number is another user's sign-in name. */
export function phoneTaken(phone: string): DomainError {
  return new DomainError('invalid_request', `phone: ${phone} is already the sign-in of another user`);
}

/**
 * Creates the driver's sign-in, or replaces its phone and PIN. Replacing signs the driver out
 * everywhere (their sessions end) and voids the sign-in links not used yet: whoever had the
 * old PIN or a link shown earlier is out. The PIN is stored as an Argon2id hash. A phone
 * already used by another user is a 400. Input is parsed by the caller (SetDriverSignInBodySchema).
 */
export async function setDriverSignIn(options: { driverId: string; input: SetDriverSignInBody }): Promise<DriverSignInView> {
  const { phone, pin } = options.input;
  const driver = await signInDriverOf(options.driverId);
  const passwordHash = await hashPassword(pin);
  try {
    // One statement decides create or replace (a unique driver_id: two admins at once cannot
    // make two sign-ins), and the links of the old one go in the same transaction. Its sessions,
    // and any a sign-in with the old PIN opens later, die with the new hash (trigger revoke_sessions).
    const [user] = await db().$transaction([
      db().user.upsert({
        where: { driverId: driver.id },
        create: { id: newId('usr'), phone, name: driver.name, role: 'driver', driverId: driver.id, passwordHash },
        update: { phone, name: driver.name, passwordHash },
        select: SIGN_IN_SELECT,
      }),
      db().signInLink.deleteMany({ where: { user: { driverId: driver.id }, usedAt: null } }),
    ]);
    return signInView(user);
  } catch (error) {
    throw duplicateAs(error, 'phone', () => phoneTaken(phone));
  }
}

/** The driver's sign-in, or null when they have none; 404 for an unknown driver. */
export async function getDriverSignIn(options: { driverId: string }): Promise<DriverSignInView | null> {
  const driver = await db().driver.findUnique({ where: { id: options.driverId }, select: { id: true, user: { select: SIGN_IN_SELECT } } });
  if (!driver) throw driverNotFound(options.driverId);
  return driver.user ? signInView(driver.user) : null;
}

import { updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { db } from '@/lib/platform/server/db/client';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { setDriverSignIn } from '@/lib/fleet/server/drivers/driver-sign-in';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { dispatchBody, newAccount, uniqueSuffix } from '@/test/fixtures';

// The live dispatch engine's scene, for its tests and the driver app's offers and duty: an
// account that auto-assigns, and drivers placed near the test dispatch's pickup.

/** The pickup of `dispatchBody()`: the drivers below stand north of it. */
export const PICKUP = dispatchBody().pickup;

const PIN = '480213';

/** A new account whose dispatches the live engine assigns. */
export async function autoAssigningAccount() {
  const account = await newAccount();
  await updateAccountModes({ accountId: account.id, input: { auto_assign: true } });
  return account;
}

/** A new account running a sandbox: the engine gives its dispatches to its simulated drivers. */
export async function sandboxAccount() {
  const account = await newAccount();
  await updateAccountModes({ accountId: account.id, input: { sandbox: true } });
  return account;
}

/** A driver of fleet-1 (on duty unless told) whose last position is `km` kilometres north of the pickup. */
export async function driverAt(km: number, { onDuty = true, phone }: { onDuty?: boolean; phone?: string } = {}) {
  const driver = await createDriver({ input: { name: `Driver ${uniqueSuffix()}`, phone, fleet_id: 'fleet-1', on_duty: onDuty } });
  await recordDriverPosition({ driverId: driver.id, lat: PICKUP.lat + km / 111, lng: PICKUP.lng });
  return driver;
}

/** A driver placed as `driverAt` does, simulated for the sandbox of `sandboxAccountId`: no other account's dispatch is theirs. */
export async function simulatedDriverAt(km: number, sandboxAccountId: string) {
  const driver = await driverAt(km);
  await db().driver.update({ where: { id: driver.id }, data: { sandboxAccountId } });
  return driver;
}

/** A driver placed as `driverAt` does, signed in to the driver app through its real sign-in from `ip`: `cookie` for its routes. */
export async function signedInDriverAt(km: number, options: { onDuty?: boolean; phone?: string; ip: string }) {
  const driver = await driverAt(km, options);
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await setDriverSignIn({ driverId: driver.id, input: { phone, pin: PIN } });
  const { token } = await signIn({ input: { phone, pin: PIN }, ip: options.ip });
  return { ...driver, cookie: `dispatch_session=${token}` };
}

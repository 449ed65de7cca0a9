/**
 * Whether a driver may carry a dispatch of `accountId`: active, and a sandbox's simulated driver
 * only for its own account. The one rule: assignDriver refuses the others, the picker never
 * offers them (the SQL filter of lib/fleet/server/drivers/driver-candidates.ts says the same and is held to it by the candidates test).
 */
export function mayCarry(driver: { isActive: boolean; sandboxAccountId: string | null }, accountId: string): boolean {
  return driver.isActive && (driver.sandboxAccountId === null || driver.sandboxAccountId === accountId);
}

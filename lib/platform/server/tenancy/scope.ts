// Whose data a call may reach: the tenant, carried as a value instead of a nullable account id
// (a `null` meaning "every account" is one typo away from a leak).
//
// The rule:
// - A domain function that reaches tenant-owned rows which more than one kind of caller reaches
//   (dispatches, their ETA and deliveries, webhook deliveries, the live change stream) takes
//   `scope: Scope`, and turns it into SQL only through lib/platform/server/tenancy/scope-filters.ts: `scopeWhere`
//   (Prisma), `scopeSql` (raw SQL) or `assertInScope` (a row already read). Another tenant's row
//   is not found (404), never forbidden.
// - A function about one account's own things (its branches, API keys, webhook endpoint and
//   secret, tariff, modes, the drivers on its dispatches, creating its dispatches) takes
//   `accountId: string`, required: the account is its subject, not a filter. Vendor and staff
//   routes pass their caller's account; admin and ops routes the account named in the path.
// - Platform-only functions (the console's accounts, drivers, fleets, audit trail) take neither:
//   only platform routes call them.
// - No domain function takes a nullable account id.
//
// Who builds a scope: the HTTP wrappers (lib/edge/server/route.ts: apiKeyRoute and staffRoute an
// account scope, adminRoute and opsRoute the platform scope), and trusted server entry points
// that authenticated the caller or read the row themselves: server pages after requireStaff /
// requireAdmin, the simulator and auto-assign (system steps), seed, bench and tests.
// `scope-construction.test.ts` holds every other file to that. Anyone holding the platform
// scope may narrow it to one account (`withinAccount`: the console's account filter).

const SCOPE = Symbol('dispatch.scope');

/** Only values made by this file carry the brand: a string, null or object literal is not a Scope. */
interface Branded {
  readonly [SCOPE]: true;
}

/** One account's data: the vendor API (API key) and the staff dashboard (session). */
export interface AccountScope extends Branded {
  readonly kind: 'account';
  readonly accountId: string;
}

/** Every account's data: the operator API and the admin console. */
export interface PlatformScope extends Branded {
  readonly kind: 'platform';
}

/**
 * One driver's dispatches: the driver app (`driverRoute`). A dispatch is in it while assigned to
 * the driver (`assertInScope` checks `assignedDriverId`); every function that cannot serve a
 * driver refuses it (`scopeWhere` and `scopeSql` do, with 403).
 */
export interface DriverScope extends Branded {
  readonly kind: 'driver';
  readonly driverId: string;
}

export type Scope = AccountScope | PlatformScope | DriverScope;

// Only the type is checked: an empty id is a scope that matches nothing (the console's filter
// `?account_id=` lists no dispatches), never every account.
function requireId(what: string, id: unknown): string {
  if (typeof id !== 'string') throw new TypeError(`${what}: an id is required, got ${JSON.stringify(id)}`);
  return id;
}

/**
 * Brands and freezes a scope. The brand is not enumerable, so a spread or a JSON copy of a scope
 * (`{ ...scope, accountId: other }`) is not one: assertScope refuses it.
 */
function branded<S extends Scope>(fields: Omit<S, typeof SCOPE>): S {
  return Object.freeze(Object.defineProperty({ ...fields }, SCOPE, { value: true, enumerable: false })) as S;
}

/** The scope of a caller authenticated as `accountId`'s (an API key, a staff session). */
export function accountScope(accountId: string): AccountScope {
  return branded<AccountScope>({ kind: 'account', accountId: requireId('accountScope', accountId) });
}

const PLATFORM = branded<PlatformScope>({ kind: 'platform' });

/** The scope of a platform caller (the ops token, an admin session): every account. */
export function platformScope(): PlatformScope {
  return PLATFORM;
}

/** The scope of an authenticated driver (the driver app's session). */
export function driverScope(driverId: string): DriverScope {
  return branded<DriverScope>({ kind: 'driver', driverId: requireId('driverScope', driverId) });
}

/**
 * A platform caller looking at one account as that account would (the console's account
 * filter): narrowing needs the platform scope in hand, so a path or query parameter alone can
 * never become an account scope.
 */
export function withinAccount(scope: PlatformScope, accountId: string): AccountScope {
  if (assertScope(scope).kind !== 'platform') throw new TypeError('withinAccount: only the platform scope narrows to an account');
  return accountScope(accountId);
}

/** Whether `value` was made by this file (a cast, a spread or a JSON copy was not). */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'object' && value !== null && (value as Partial<Branded>)[SCOPE] === true;
}

/** `scope`, checked to be a real one: a cast (`as Scope`) must not widen a query by accident. */
export function assertScope<S extends Scope>(scope: S): S {
  if (!isScope(scope)) throw new TypeError(`Not a Scope: ${JSON.stringify(scope)}; build one in lib/platform/server/tenancy/scope.ts`);
  return scope;
}

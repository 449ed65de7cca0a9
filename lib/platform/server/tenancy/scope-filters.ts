import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { Prisma } from '@/prisma/generated/client';
import { assertScope, type DriverScope, type Scope } from '@/lib/platform/server/tenancy/scope';

// The one way each query shape applies a scope to rows that carry an `account_id`: a Prisma
// `where`, a raw SQL condition, or a check of a row already read. Rule and builders: scope.ts.

/** The refusal of a driver scope by a function that has no driver's view (403). */
export function driverScopeRefused(scope: DriverScope): DomainError {
  return new DomainError('forbidden', `This operation is not available to drivers (driver "${scope.driverId}")`);
}

/** A Prisma filter on a model's `accountId`: the account's, or none (`{}`). */
export type ScopeWhere = { accountId: string } | { accountId?: never };

/** The scope as a Prisma filter on the model's `accountId`: `{}` for the platform. Spread it into a `where`. */
export function scopeWhere(scope: Scope): ScopeWhere {
  const checked = assertScope(scope);
  switch (checked.kind) {
    case 'account':
      return { accountId: checked.accountId };
    case 'platform':
      return {};
    case 'driver':
      throw driverScopeRefused(checked);
  }
}

/** A column reference: `account_id` or `alias.account_id` (spliced into SQL as is, so checked). */
const COLUMN = /^(?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*$/;

/**
 * The scope as a raw SQL condition on `column` (the row's account id, e.g. `d.account_id`):
 * `column = $n` for an account, `TRUE` for the platform. Usable in a WHERE or a CASE WHEN.
 */
export function scopeSql(scope: Scope, column: string): Prisma.Sql {
  const checked = assertScope(scope);
  if (!COLUMN.test(column)) throw new TypeError(`scopeSql: "${column}" is not a column reference`);
  switch (checked.kind) {
    case 'account':
      return Prisma.sql`${Prisma.raw(column)} = ${checked.accountId}`;
    case 'platform':
      return Prisma.sql`TRUE`;
    case 'driver':
      throw driverScopeRefused(checked);
  }
}

/**
 * Throws `notFound()` unless `row` exists and is within the scope: another tenant's row is not
 * found (404), never forbidden, so its existence is not revealed. For rows read by primary key
 * alone (see lib/dispatch/server/read-records.ts for why some are).
 *
 * A driver's scope reaches a row only through the driver it names (`assignedDriverId`: a
 * dispatch locked by lockDispatch, so the check holds until the transaction ends); another
 * driver's row is not found. A row read without that column has no driver's view: 403.
 */
export function assertInScope<R extends { accountId: string; assignedDriverId?: string | null }>(
  scope: Scope,
  row: R | null | undefined,
  notFound: () => DomainError,
): asserts row is R {
  const checked = assertScope(scope);
  if (checked.kind === 'driver') {
    if (row && !('assignedDriverId' in row)) throw driverScopeRefused(checked);
    if (!row || row.assignedDriverId !== checked.driverId) throw notFound();
    return;
  }
  if (!row || (checked.kind === 'account' && row.accountId !== checked.accountId)) throw notFound();
}

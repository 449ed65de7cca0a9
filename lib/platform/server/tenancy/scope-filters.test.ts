import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { assertInScope, scopeSql, scopeWhere } from '@/lib/platform/server/tenancy/scope-filters';
import { accountScope, driverScope, platformScope, type Scope } from '@/lib/platform/server/tenancy/scope';

const ACCOUNT = accountScope('acc_1');
const PLATFORM = platformScope();
const DRIVER = driverScope('drv_1');
const FORBIDDEN = expect.objectContaining({ code: 'forbidden' });

describe('scopeWhere', () => {
  it("is the account's filter, or none for the platform", () => {
    expect(scopeWhere(ACCOUNT)).toEqual({ accountId: 'acc_1' });
    expect(scopeWhere(PLATFORM)).toEqual({});
  });

  it('refuses a driver scope (403), which has no account to filter by', () => {
    expect(() => scopeWhere(DRIVER)).toThrowError(FORBIDDEN);
  });

  it('refuses what is not a scope instead of filtering by nothing', () => {
    // @ts-expect-error: null is not a Scope.
    expect(() => scopeWhere(null)).toThrow(/Not a Scope/);
    expect(() => scopeWhere({ kind: 'platform' } as Scope)).toThrow(/Not a Scope/);
  });
});

describe('scopeSql', () => {
  it('binds the account as a parameter, and is TRUE for the platform', () => {
    const sql = scopeSql(ACCOUNT, 'd.account_id');
    expect(sql.text).toBe('d.account_id = $1');
    expect(sql.values).toEqual(['acc_1']);
    expect(scopeSql(PLATFORM, 'account_id').text).toBe('TRUE');
    expect(scopeSql(PLATFORM, 'account_id').values).toEqual([]);
  });

  it('keeps a hostile account id a value, never SQL', () => {
    const sql = scopeSql(accountScope("x' OR 1=1 --"), 'account_id');
    expect(sql.text).toBe('account_id = $1');
    expect(sql.values).toEqual(["x' OR 1=1 --"]);
  });

  it.each(['account_id; DROP TABLE dispatches', 'd.account_id OR TRUE', '', 'A.B'])('refuses %j as a column', (column) => {
    expect(() => scopeSql(ACCOUNT, column)).toThrow(TypeError);
  });

  it('refuses a driver scope (403) and what is not a scope', () => {
    expect(() => scopeSql(DRIVER, 'account_id')).toThrowError(FORBIDDEN);
    expect(() => scopeSql({ kind: 'platform' } as Scope, 'account_id')).toThrow(/Not a Scope/);
  });
});

describe('assertInScope', () => {
  const notFound = () => new DomainError('not_found', 'No dispatch with id "dsp_1"');

  it("passes the account's own row, and any row for the platform", () => {
    expect(() => assertInScope(ACCOUNT, { accountId: 'acc_1' }, notFound)).not.toThrow();
    expect(() => assertInScope(PLATFORM, { accountId: 'acc_2' }, notFound)).not.toThrow();
  });

  it("answers another account's row as not found (404, never 403), with the resource's own message", () => {
    expect(() => assertInScope(ACCOUNT, { accountId: 'acc_2' }, notFound)).toThrowError(
      expect.objectContaining({ code: 'not_found', message: 'No dispatch with id "dsp_1"' }),
    );
  });

  it.each([null, undefined])('answers a missing row (%s) as not found, whatever the scope', (row) => {
    for (const scope of [ACCOUNT, PLATFORM]) expect(() => assertInScope(scope, row, notFound)).toThrowError(expect.objectContaining({ code: 'not_found' }));
  });

  it('refuses a driver scope (403) for a row that names no driver', () => {
    expect(() => assertInScope(DRIVER, { accountId: 'acc_1' }, notFound)).toThrowError(FORBIDDEN);
  });

  it("passes a driver's own dispatch, and answers another driver's, an unassigned or a missing one as not found", () => {
    expect(() => assertInScope(DRIVER, { accountId: 'acc_1', assignedDriverId: 'drv_1' }, notFound)).not.toThrow();
    for (const row of [{ accountId: 'acc_1', assignedDriverId: 'drv_2' }, { accountId: 'acc_1', assignedDriverId: null }, null, undefined]) {
      expect(() => assertInScope(DRIVER, row, notFound)).toThrowError(expect.objectContaining({ code: 'not_found' }));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { accountScope, assertScope, driverScope, isScope, platformScope, withinAccount, type Scope } from '@/lib/platform/server/tenancy/scope';

describe('building a scope', () => {
  it('makes frozen, branded values of each kind', () => {
    const account = accountScope('acc_1');
    expect(account).toMatchObject({ kind: 'account', accountId: 'acc_1' });
    expect(platformScope()).toMatchObject({ kind: 'platform' });
    expect(driverScope('drv_1')).toMatchObject({ kind: 'driver', driverId: 'drv_1' });
    for (const scope of [account, platformScope(), driverScope('drv_1')]) {
      expect(Object.isFrozen(scope)).toBe(true);
      expect(isScope(scope)).toBe(true);
    }
  });

  it('refuses an id that is not a string (a null must never mean "every account")', () => {
    // @ts-expect-error: null is not an account id.
    expect(() => accountScope(null)).toThrow(TypeError);
    // @ts-expect-error: undefined is not an account id.
    expect(() => accountScope(undefined)).toThrow(TypeError);
    // @ts-expect-error: null is not a driver id.
    expect(() => driverScope(null)).toThrow(TypeError);
  });

  it('narrows the platform scope to one account, and only the platform scope', () => {
    expect(withinAccount(platformScope(), 'acc_2')).toMatchObject({ kind: 'account', accountId: 'acc_2' });
    // @ts-expect-error: an account scope cannot widen or move to another account.
    expect(() => withinAccount(accountScope('acc_1'), 'acc_2')).toThrow(TypeError);
  });
});

describe('a forged scope', () => {
  it('does not type-check as a Scope, and is not one at run time', () => {
    // @ts-expect-error: an object literal lacks the brand only scope.ts can set.
    const literal: Scope = { kind: 'account', accountId: 'acc_1' };
    // @ts-expect-error: a string is not a Scope.
    const text: Scope = 'acc_1';
    // @ts-expect-error: null is not a Scope.
    const nothing: Scope = null;
    const copied = JSON.parse(JSON.stringify(accountScope('acc_1'))) as Scope;
    // TypeScript lets a spread through; the brand is not copied, so it is refused at run time.
    const moved: Scope = { ...accountScope('acc_1'), accountId: 'acc_2' };
    for (const forged of [literal, text, nothing, copied, moved]) {
      expect(isScope(forged)).toBe(false);
      expect(() => assertScope(forged)).toThrow(/Not a Scope/);
    }
  });
});

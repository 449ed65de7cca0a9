import { describe, expect, it } from 'vitest';
import { getAccountProfile } from '@/lib/accounts/server/get-account-profile';
import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newAccount } from '@/test/fixtures';

describe('getAccountProfile', () => {
  it("reads the account's name and tariff currency", async () => {
    const account = await newAccount('Shawarma Corner');
    expect(await getAccountProfile({ accountId: account.id })).toEqual({ id: account.id, name: 'Shawarma Corner', currency: 'SAR' });
    await db().account.update({ where: { id: account.id }, data: { currency: 'KWD' } });
    expect((await getAccountProfile({ accountId: account.id })).currency).toBe('KWD');
  });

  it('is a 404 for an unknown account', async () => {
    const failure = await getAccountProfile({ accountId: 'acc_missing' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('not_found');
  });
});

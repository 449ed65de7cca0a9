import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';

/** What the dashboard shows of its own account: name and tariff currency. */
export interface AccountProfile {
  id: string;
  name: string;
  /** ISO 4217 code the account's deliveries are priced in. */
  currency: string;
}

/** The account's name and tariff currency; 404 when there is no such account. */
export async function getAccountProfile(options: { accountId: string }): Promise<AccountProfile> {
  const account = await db().account.findUnique({
    where: { id: options.accountId },
    select: { id: true, name: true, currency: true },
  });
  if (!account) throw new DomainError('not_found', `No account with id "${options.accountId}"`);
  return account;
}

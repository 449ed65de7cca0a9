'use client';

import { ApiKeysCard } from '@/components/accounts/settings/api-keys-card';
import type { AccountCardProps } from './account-detail';
import { accountApi, accountQueries } from './queries';

/** The account's API keys, as its staff see them on their settings page, through the console's routes. */
export function AccountKeysCard({ accountId, t, common, locale }: AccountCardProps) {
  return (
    <ApiKeysCard
      idPrefix="account"
      keysQuery={accountQueries.keys(accountId)}
      createKey={(name) => accountApi.createKey(accountId, name)}
      revokeKey={(key) => accountApi.revokeKey(accountId, key.id)}
      t={t}
      common={common}
      locale={locale}
      isCompact
    />
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import type { AccountDetail as AccountDetailView } from '@/lib/accounts/shared/schemas';
import type { Locale } from '@/components/platform/i18n/locale';
import type { AdminAccountsText } from '@/components/platform/i18n/messages/admin-accounts';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import styles from '@/components/platform/ui/ui.module.css';
import { AccountKeysCard } from './account-keys-card';
import { AccountUsersCard } from './account-users-card';
import { AccountWebhookCard } from './account-webhook-card';
import { ModesCard } from './modes-card';
import { ProofOfDeliveryCard } from './proof-of-delivery-card';
import { accountQueries } from './queries';
import { RateLimitCard } from './rate-limit-card';
import { TariffCard } from './tariff-card';

export interface AccountCardProps {
  accountId: string;
  t: AdminAccountsText;
  common: CommonText;
  locale: Locale;
}

/** One account: modes, tariff, API rate limit, proof of delivery, webhook health, API keys and staff sign-ins. */
export function AccountDetail({ initial, t, common, locale }: { initial: AccountDetailView } & Omit<AccountCardProps, 'accountId'>) {
  const account = useQuery({ ...accountQueries.detail(initial.id), initialData: initial }).data;
  const props = { accountId: account.id, t, common, locale };
  return (
    <div className={`stack ${styles.page}`}>
      <div className="grid-2">
        <ModesCard {...props} account={account} />
        <TariffCard {...props} account={account} />
      </div>
      <div className="grid-2">
        <RateLimitCard {...props} account={account} />
        <ProofOfDeliveryCard {...props} />
      </div>
      <AccountWebhookCard {...props} />
      <div className="grid-2">
        <AccountKeysCard {...props} />
        <AccountUsersCard {...props} />
      </div>
    </div>
  );
}

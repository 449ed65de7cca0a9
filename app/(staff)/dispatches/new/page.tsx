import { NewDispatchForm } from '@/components/dispatch/new/new-dispatch-form';
import { getAccountProfile } from '@/lib/accounts/server/get-account-profile';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { listBranches } from '@/lib/accounts/server/branches/list-branches';
import { newReadableCode } from '@/lib/platform/server/ids/new-id';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { newDispatchMessages } from '@/components/platform/i18n/messages/new-dispatch';
import { PageHeader } from '@/components/platform/ui/page-header';
import { mapTiles, titleFrom } from '@/components/platform/shell/server-page';

export const generateMetadata = titleFrom(newDispatchMessages, 'title');

// /dispatches/new — a dispatch made by hand: route on the map with a live estimate, then the order.
export default async function NewDispatchPage() {
  const user = await requireStaff();
  const locale = await getLocale();
  const [branches, account] = await Promise.all([
    listBranches({ accountId: user.accountId }),
    getAccountProfile({ accountId: user.accountId }),
  ]);
  const t = messagesFor(newDispatchMessages, locale);
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <NewDispatchForm
        t={t}
        locale={locale}
        common={messagesFor(commonMessages, locale)}
        branches={branches}
        account={account}
        suggestions={{ customerId: `cust-${newReadableCode()}`, vendorOid: `ord-${newReadableCode()}` }}
        {...mapTiles()}
      />
    </>
  );
}

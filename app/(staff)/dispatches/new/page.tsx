import { NewDispatchForm } from '@/components/new-dispatch/new-dispatch-form';
import { getAccountProfile } from '@/lib/accounts/get-account-profile';
import { requireStaff } from '@/lib/auth/current-user';
import { listBranches } from '@/lib/branches/list-branches';
import { newReadableCode } from '@/lib/ids/new-id';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { commonMessages } from '@/components/i18n/messages/common';
import { newDispatchMessages } from '@/components/i18n/messages/new-dispatch';
import { PageHeader } from '@/components/ui/page-header';
import { mapTiles, titleFrom } from '@/components/shell/server-page';

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

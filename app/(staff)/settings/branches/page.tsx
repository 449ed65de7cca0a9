import { BranchesPanel } from '@/components/accounts/settings/branches-panel';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { settingsMessages } from '@/components/platform/i18n/messages/settings';
import { mapTiles, titleFrom } from '@/components/platform/shell/server-page';

export const generateMetadata = titleFrom(settingsMessages, 'pageTitleBranches');

// /settings/branches — branches and their saved pickup addresses.
export default async function BranchesSettingsPage() {
  await requireStaff();
  const locale = await getLocale();
  return (
    <BranchesPanel
      t={messagesFor(settingsMessages, locale)}
      common={messagesFor(commonMessages, locale)}
      {...mapTiles()}
    />
  );
}

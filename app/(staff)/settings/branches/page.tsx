import { BranchesPanel } from '@/components/settings/branches-panel';
import { requireStaff } from '@/lib/auth/current-user';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { commonMessages } from '@/components/i18n/messages/common';
import { settingsMessages } from '@/components/i18n/messages/settings';
import { mapTiles, titleFrom } from '@/components/shell/server-page';

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

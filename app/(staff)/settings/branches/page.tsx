import type { Metadata } from 'next';
import { BranchesPanel } from '@/components/settings/branches-panel';
import { requireStaff } from '@/lib/auth/current-user';
import { getEnv } from '@/lib/env';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { commonMessages } from '@/components/i18n/messages/common';
import { settingsMessages } from '@/components/i18n/messages/settings';

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(settingsMessages, await getLocale()).pageTitleBranches };
}

// /settings/branches — branches and their saved pickup addresses.
export default async function BranchesSettingsPage() {
  await requireStaff();
  const locale = await getLocale();
  const env = getEnv();
  return (
    <BranchesPanel
      t={messagesFor(settingsMessages, locale)}
      common={messagesFor(commonMessages, locale)}
      tileUrl={env.MAP_TILE_URL || null}
      tileAttribution={env.MAP_TILE_ATTRIBUTION}
    />
  );
}

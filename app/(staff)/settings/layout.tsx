import type { ReactNode } from 'react';
import { NavLinks } from '@/components/platform/shell/nav-links';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { settingsMessages } from '@/components/platform/i18n/messages/settings';
import styles from '@/components/accounts/settings/settings.module.css';
import { PageHeader } from '@/components/platform/ui/page-header';
import uiStyles from '@/components/platform/ui/ui.module.css';

// The settings pages share the page title and a tab-like navigation between their sections:
// on a tablet each section gets the whole screen.
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const t = messagesFor(settingsMessages, await getLocale());
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <div className={styles.sectionsNav}>
        <NavLinks
          label={t.sectionsNav}
          links={[
            { href: '/settings', text: t.navWebhook },
            { href: '/settings/api-keys', text: t.navApiKeys },
            { href: '/settings/branches', text: t.navBranches },
            { href: '/settings/tariff', text: t.navTariff },
          ]}
        />
      </div>
      <div className={uiStyles.page}>{children}</div>
    </>
  );
}

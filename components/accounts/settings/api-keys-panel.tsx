'use client';

import type { Locale } from '@/components/platform/i18n/locale';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { ApiKeysCard } from './api-keys-card';
import { apiKeyQueries, settingsApi } from './queries';

/** The account's own API keys, on the settings page. */
export function ApiKeysPanel({ t, common, locale }: { t: SettingsText; common: CommonText; locale: Locale }) {
  return (
    <ApiKeysCard
      idPrefix="api"
      keysQuery={apiKeyQueries.list()}
      createKey={settingsApi.createApiKey}
      revokeKey={(key) => settingsApi.revokeApiKey(key.id)}
      t={t}
      common={common}
      locale={locale}
    />
  );
}

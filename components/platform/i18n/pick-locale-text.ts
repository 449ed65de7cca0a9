import type { Locale } from '@/components/platform/i18n/locale';

/**
 * The text of an API locale object (`vendor_name`, `item_name`: keys such as `en-us`, `ar-sa`)
 * in the user's language: an exact language match, else English, else the first entry.
 */
export function pickLocaleText(text: Record<string, string> | null | undefined, locale: Locale): string {
  if (!text) return '';
  const entries = Object.entries(text);
  const inLanguage = (language: string) => entries.find(([key]) => key.toLowerCase().split('-')[0] === language)?.[1];
  return inLanguage(locale) ?? inLanguage('en') ?? entries[0]?.[1] ?? '';
}

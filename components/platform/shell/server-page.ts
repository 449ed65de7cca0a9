import { dehydrate, HydrationBoundary, type QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, createElement, type ReactElement, type ReactNode } from 'react';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { getEnv } from '@/lib/platform/server/env';
import { nullIfNotFound } from '@/lib/platform/server/errors/null-if-not-found';
import { getLocale } from '@/components/platform/i18n/get-locale';
import type { Locale } from '@/components/platform/i18n/locale';
import { messagesFor, type Messages } from '@/components/platform/i18n/messages';
import { commonMessages, type CommonText } from '@/components/platform/i18n/messages/common';
import { getQueryClient } from '@/components/platform/providers/get-query-client';

// What the server pages of the dashboard and the console start from: their title, their text,
// the map's tiles, on a record's page the record or the 404, and the query cache a page hands
// to the browser.

/** A page's `generateMetadata`: its title, one of its feature's messages in the page's language. */
export function titleFrom<T extends Record<string, string>>(messages: Messages<T>, key: keyof T): () => Promise<Metadata> {
  return async () => ({ title: messagesFor(messages, await getLocale())[key] });
}

/** An admin page's start: the admin's sign-in check, the language, the feature's text and the common text. */
export async function adminPageText<T extends Record<string, string>>(messages: Messages<T>): Promise<{ locale: Locale; t: T; common: CommonText }> {
  const [, locale] = await Promise.all([requireAdmin(), getLocale()]);
  return { locale, t: messagesFor(messages, locale), common: messagesFor(commonMessages, locale) };
}

/** The map's tiles as this server is configured (no URL: the map shows its placeholder). */
export function mapTiles(): { tileUrl: string | null; tileAttribution: string } {
  const env = getEnv();
  return { tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION };
}

/**
 * A page that arrives with its data: `prefetch` reads what the page's client parts would fetch
 * first into a query client of this request alone, and the page `render` draws from what it
 * returns goes to the browser with that cache, so the browser fetches again only when something
 * changes. The cache is handed over once every read has finished.
 */
export async function prefetchedPage<Read>(prefetch: (queryClient: QueryClient) => Promise<Read>, render: (read: Read) => ReactNode): Promise<ReactElement> {
  const queryClient = getQueryClient();
  const read = await prefetch(queryClient);
  return createElement(HydrationBoundary, { state: dehydrate(queryClient) }, render(read));
}

export interface RecordPageProps {
  params: Promise<{ id: string }>;
}

/**
 * A record's page (`/…/{id}`): its title and its load read the record once per request. `caller`
 * is the page's sign-in check (what it returns is what `read` is cached on, so a value that stays
 * the same within the request: an account id, the cached admin); a record `read` says is not
 * found is the title's `null` and the page's 404.
 */
export function recordPage<Caller, Found>(options: {
  caller: () => Promise<Caller>;
  read: (id: string, caller: Caller) => Promise<Found>;
  title: (record: Found | null, locale: Locale) => string;
}) {
  const read = cache((id: string, caller: Caller) => nullIfNotFound(options.read(id, caller)));
  const start = async (params: RecordPageProps['params']) => {
    const [{ id }, caller, locale] = await Promise.all([params, options.caller(), getLocale()]);
    return { id, caller, locale, record: await read(id, caller) };
  };
  return {
    async generateMetadata({ params }: RecordPageProps): Promise<Metadata> {
      const { record, locale } = await start(params);
      return { title: options.title(record, locale) };
    },
    /** The page's id, caller, language and record; a missing record is the 404. */
    async load(params: RecordPageProps['params']): Promise<{ id: string; caller: Caller; locale: Locale; record: Found }> {
      const { record, ...rest } = await start(params);
      if (record === null) notFound();
      return { ...rest, record };
    },
  };
}

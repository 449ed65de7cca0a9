import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { OrderTracking } from '@/components/tracking/order-tracking';
import { trackingQuery } from '@/components/tracking/queries';
import { TrackingShell } from '@/components/tracking/tracking-shell';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { getLocale } from '@/lib/i18n/get-locale';
import { format, messagesFor } from '@/lib/i18n/messages';
import { commonMessages } from '@/lib/i18n/messages/common';
import { trackingMessages } from '@/lib/i18n/messages/tracking';
import { pickLocaleText } from '@/lib/i18n/pick-locale-text';
import { getQueryClient } from '@/lib/query/get-query-client';
import { getTrackingView } from '@/lib/tracking/get-tracking-view';
import type { TrackingView } from '@/lib/tracking/schemas';

interface Props {
  params: Promise<{ token: string }>;
}

/** The public view behind GET /api/track/{token}, or null: once per request. */
const readView = cache(async (token: string): Promise<TrackingView | null> => {
  try {
    return await getTrackingView({ token });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
});

// The link is the credential: no search engine keeps it, no Referer carries it away (the
// headers say the same, next.config.mjs).
const PRIVATE: Pick<Metadata, 'robots' | 'referrer'> = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ token }, locale] = await Promise.all([params, getLocale()]);
  const t = messagesFor(trackingMessages, locale);
  const view = await readView(token);
  const title = view ? format(t.pageTitle, { restaurant: pickLocaleText(view.restaurant_name, locale) }) : t.notFoundPageTitle;
  return { ...PRIVATE, title: { absolute: title } };
}

export default async function TrackingPage({ params }: Props) {
  const [{ token }, locale] = await Promise.all([params, getLocale()]);
  const view = await readView(token);
  if (!view) notFound();

  // The first view arrives rendered with its data; the client then polls the same JSON.
  const queryClient = getQueryClient();
  queryClient.setQueryData(trackingQuery(token).queryKey, view);
  const t = messagesFor(trackingMessages, locale);
  const env = getEnv();
  return (
    <AppProviders closeLabel={messagesFor(commonMessages, locale).close}>
      <TrackingShell locale={locale} eyebrow={t.eyebrow} heading={pickLocaleText(view.restaurant_name, locale)}>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <OrderTracking token={token} locale={locale} t={t} map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }} />
        </HydrationBoundary>
      </TrackingShell>
    </AppProviders>
  );
}

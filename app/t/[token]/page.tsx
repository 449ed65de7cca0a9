import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AppProviders } from '@/components/platform/providers/app-providers';
import { OrderTracking } from '@/components/dispatch/tracking/order-tracking';
import { trackingQuery } from '@/components/dispatch/tracking/queries';
import { TrackingShell } from '@/components/dispatch/tracking/tracking-shell';
import { getEnv } from '@/lib/platform/server/env';
import { nullIfNotFound } from '@/lib/platform/server/errors/null-if-not-found';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { trackingMessages } from '@/components/platform/i18n/messages/tracking';
import { pickLocaleText } from '@/components/platform/i18n/pick-locale-text';
import { getQueryClient } from '@/components/platform/providers/get-query-client';
import { getTrackingView } from '@/lib/dispatch/server/tracking/get-tracking-view';
import type { TrackingView } from '@/lib/dispatch/server/tracking/schemas';

interface Props {
  params: Promise<{ token: string }>;
}

/** The public view behind GET /api/track/{token}, or null: once per request. */
const readView = cache((token: string): Promise<TrackingView | null> => nullIfNotFound(getTrackingView({ token })));

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

import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { statusLabelsOf } from '@/components/dispatch/detail/status-labels';
import type { Audience } from '@/components/dispatch/list/audience';
import { listCommonText, searchParamReader } from '@/components/dispatch/list/list-page-input';
import { isServerReadable, LIST_URLS, PAGE_SIZE } from '@/components/dispatch/list/list-params';
import { dispatchListKeys, listKey, type ListPage } from '@/components/dispatch/list/queries';
import type { Locale } from '@/components/platform/i18n/locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { dispatchListMessages } from '@/components/platform/i18n/messages/dispatch-list';

/** A page's `searchParams`, as Next hands them. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** What every dispatch list page hands the list: its words, the common texts it uses, the status labels, the locale. */
export function listPageText(locale: Locale) {
  const common = messagesFor(commonMessages, locale);
  return { t: messagesFor(dispatchListMessages, locale), common: listCommonText(common), statusLabels: statusLabelsOf(common), locale };
}

/**
 * The list page of the URL (`query`, the page's searchParams), read on the server by the audience's page (`read`: the same domain
 * call as its API, with the API's query `schema`) into the query cache it hands to the browser:
 * the table is in the HTML, and the browser only fetches again when something changes. Day
 * filters (the viewer's local midnights) and unusable filters are left to the browser, whose
 * request shows the API's 400 as an error state.
 */
export async function prefetchListPage<Query extends { limit: number; cursor?: string }>({
  queryClient,
  audience,
  query,
  schema,
  read,
}: {
  queryClient: QueryClient;
  audience: Audience;
  query: SearchParams;
  schema: z.ZodType<Query>;
  read: (query: Query) => Promise<string>;
}): Promise<void> {
  const params = LIST_URLS[audience].read(searchParamReader(query));
  if (!isServerReadable(params.filters)) return;
  const parsed = schema.safeParse({ ...params.filters, cursor: params.cursor, limit: PAGE_SIZE[audience] });
  if (!parsed.success) return;
  await queryClient.prefetchQuery({
    queryKey: dispatchListKeys.list(audience, listKey(params.filters, params.cursor)),
    queryFn: async () => JSON.parse(await read(parsed.data)) as ListPage,
  });
}

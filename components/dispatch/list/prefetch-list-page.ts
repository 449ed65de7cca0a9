import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Audience } from '@/components/dispatch/list/audience';
import { isServerReadable, PAGE_SIZE, type ListParams } from '@/components/dispatch/list/list-params';
import { dispatchListKeys, listKey, type ListPage } from '@/components/dispatch/list/queries';

/**
 * The list page of the URL, read on the server by the audience's page (`read`: the same domain
 * call as its API, with the API's query `schema`) into the query cache it hands to the browser:
 * the table is in the HTML, and the browser only fetches again when something changes. Day
 * filters (the viewer's local midnights) and unusable filters are left to the browser, whose
 * request shows the API's 400 as an error state.
 */
export async function prefetchListPage<Query extends { limit: number; cursor?: string }>({
  queryClient,
  audience,
  params,
  schema,
  read,
}: {
  queryClient: QueryClient;
  audience: Audience;
  params: ListParams;
  schema: z.ZodType<Query>;
  read: (query: Query) => Promise<string>;
}): Promise<void> {
  if (!isServerReadable(params.filters)) return;
  const parsed = schema.safeParse({ ...params.filters, cursor: params.cursor, limit: PAGE_SIZE[audience] });
  if (!parsed.success) return;
  await queryClient.prefetchQuery({
    queryKey: dispatchListKeys.list(audience, listKey(params.filters, params.cursor)),
    queryFn: async () => JSON.parse(await read(parsed.data)) as ListPage,
  });
}

import { isServer, QueryClient, type InvalidateOptions, type InvalidateQueryFilters } from '@tanstack/react-query';

/**
 * After a write, an invalidated list shows what the write changed. TanStack Query answers an
 * invalidation of a query whose first load is still under way with that load: read before the
 * write, it would be kept as fresh for `staleTime` (seen in CI: a fleet created on a page whose
 * list had not arrived yet stayed missing). So such a load is cancelled first, and the
 * invalidation's refetch reads after the write. A query that already has data is cancelled and
 * fetched again by the invalidation itself (`cancelRefetch`).
 */
class FreshAfterWriteQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const { predicate } = filters ?? {};
    await this.cancelQueries({ ...filters, predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching' && (predicate?.(query) ?? true) });
    return super.invalidateQueries(filters, options);
  }
}

function makeQueryClient(): QueryClient {
  return new FreshAfterWriteQueryClient({
    defaultOptions: {
      queries: {
        // Live updates (server-sent events) invalidate what changed; no refetch storms meanwhile.
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (failures, error) => failures < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A new client per server request (no data shared between users); one for the browser's life. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

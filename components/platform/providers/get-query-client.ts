import { isServer, QueryClient } from '@tanstack/react-query';

function makeQueryClient(): QueryClient {
  return new QueryClient({
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

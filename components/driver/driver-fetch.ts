import { ApiClientError } from '@/components/client/api-fetch';

/** Where a driver signs in again when their session has ended. */
export const DRIVER_SIGN_IN_PATH = '/driver/login';

/**
 * Calls a driver API route with the session cookie; JSON in, JSON out. Like the dashboard's
 * apiFetch, but a lost session (401) goes to the driver's sign-in page, not the staff one.
 */
export async function driverFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiClientError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  return readReply<T>(response, path);
}

/** The body of a driver API reply, or an ApiClientError with the server's `{error, error_desc}`. */
export async function readReply<T>(response: Response, path: string): Promise<T> {
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as { error?: string; error_desc?: string } | null;
  if (!response.ok) {
    if (response.status === 401 && typeof window !== 'undefined' && !path.startsWith('/api/session')) {
      // A full load: nothing of the ended session stays in memory.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops the ended session's data
      window.location.assign(`${DRIVER_SIGN_IN_PATH}?next=${encodeURIComponent(window.location.pathname)}`);
    }
    throw new ApiClientError(response.status, body?.error ?? 'http_error', body?.error_desc ?? `HTTP ${response.status}`);
  }
  return body as T;
}

import { leavePage } from './leave-page';

/** A failed dashboard API call, carrying the server's `{ error, error_desc }`. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, description: string) {
    super(description);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = code;
  }
}

/**
 * Calls a dashboard API route with the session cookie; JSON in, JSON out. A failure throws an
 * ApiClientError; a lost session (401) sends the browser to the sign-in page (`signInPath`).
 */
export async function apiFetch<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Where a lost session sends the browser: the dashboard's sign-in, or the driver app's. */
    signInPath?: string;
  } = {},
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
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as { error?: string; error_desc?: string } | null;
  if (!response.ok) {
    if (response.status === 401 && typeof window !== 'undefined' && !path.startsWith('/api/session')) {
      // A full load drops the cached data of the ended session.
      leavePage(`${options.signInPath ?? '/login'}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new ApiClientError(response.status, body?.error ?? 'http_error', body?.error_desc ?? `HTTP ${response.status}`);
  }
  return body as T;
}

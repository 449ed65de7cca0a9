import { apiFetch } from '@/components/platform/client/api-fetch';

/** Where a driver signs in again when their session has ended. */
export const DRIVER_SIGN_IN_PATH = '/driver/login';

/**
 * Calls a driver API route with the session cookie; JSON in, JSON out: the dashboard's apiFetch,
 * but a lost session (401) goes to the driver's sign-in page, not the staff one.
 */
export function driverFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  return apiFetch<T>(path, { ...options, signInPath: DRIVER_SIGN_IN_PATH });
}

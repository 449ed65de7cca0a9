'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import { format } from '@/components/platform/i18n/messages';
import type { SignInAlert } from '@/lib/platform/server/auth/sign-in-alert-schemas';

/** The console re-reads the alert this often: one indexed count over the last 15 minutes' failures. */
const SIGN_IN_ALERT_REFRESH_MS = 30_000;

export const signInAlertQuery = () =>
  queryOptions({
    queryKey: ['admin-sign-in-alert'] as const,
    queryFn: async ({ signal }) => (await apiFetch<{ data: SignInAlert }>('/api/admin/sign-in-alert', { signal })).data,
    refetchInterval: SIGN_IN_ALERT_REFRESH_MS,
    staleTime: SIGN_IN_ALERT_REFRESH_MS / 2,
  });

export interface SignInAlertText {
  signInAlertElevated: string;
  signInAlertPaused: string;
}

/**
 * On every console page, while someone may be guessing drivers' PINs: failed PIN sign-ins from
 * unknown devices across all phones have spent half the platform's budget (a warning), or all of
 * it (PIN sign-ins from new devices are paused; known devices and sign-in links still work).
 * Nothing is shown while all is normal.
 */
export function SignInAlertBanner({ t }: { t: SignInAlertText }) {
  const { data } = useQuery(signInAlertQuery());
  if (!data || data.level === 'normal') return null;
  const values = { failures: data.failures, budget: data.budget, phones: data.phones, addresses: data.addresses, minutes: data.window_minutes };
  return (
    <p role="alert" className={`alert ${data.level === 'paused' ? 'alert--error' : 'alert--warning'}`} data-testid="sign-in-alert">
      {format(data.level === 'paused' ? t.signInAlertPaused : t.signInAlertElevated, values)}
    </p>
  );
}

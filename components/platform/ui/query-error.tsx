'use client';

import { ApiClientError } from '@/components/platform/client/api-fetch';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';

/** The common texts a failed call is told with. */
export type QueryErrorText = Pick<CommonText, 'retry' | 'errorOffline' | 'errorSignedOut' | 'errorGeneric'>;

/** A failed call in the user's words: offline, signed out, or the server's own description. */
export function errorText(error: unknown, common: QueryErrorText): string {
  if (error instanceof ApiClientError && error.code === 'network_error') return common.errorOffline;
  if (error instanceof ApiClientError && error.status === 401) return common.errorSignedOut;
  return format(common.errorGeneric, { detail: error instanceof Error ? error.message : String(error) });
}

/** A query that failed: what happened, and a way to try again. */
export function QueryError({ error, onRetry, common }: { error: unknown; onRetry: () => void; common: QueryErrorText }) {
  return (
    <div role="alert" className="alert alert--error row">
      <span>{errorText(error, common)}</span>
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {common.retry}
      </button>
    </div>
  );
}

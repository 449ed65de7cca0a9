'use client';

import { useQuery } from '@tanstack/react-query';
import { hasProof, ProofThumbnails } from '@/components/dispatch/admin/proof-thumbnails';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import { QueryError, type QueryErrorText } from '@/components/platform/ui/query-error';
import { Panel } from '@/components/platform/ui/panel';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { ClientTime } from './client-time';
import { interpolate } from './interpolate';
import { proofQuery } from './queries';
import type { DispatchSurface } from './surface';

/** Statuses after which the driver's proof can exist (delivered, checked, or failed on the way). */
const PROVEN_STATES = new Set(['delivered', 'qa_qc', 'cancelled']);

function amount(value: number, currency: string | undefined, locale: Locale): string {
  try {
    return new Intl.NumberFormat(locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', currency ? { style: 'currency', currency } : {}).format(value);
  } catch {
    return `${value} ${currency ?? ''}`.trim();
  }
}

/**
 * How the delivery was proven, for the restaurant and the console alike: the driver's photos and
 * the customer's signature (or a failed delivery's photo and reason), "PIN checked" with its time,
 * and on a cash order the cash the driver collected beside what was due. Shown once the dispatch
 * is delivered or ended; nothing before.
 */
export function ProofCard({
  dispatch,
  surface,
  t,
  common,
  locale,
}: {
  dispatch: DispatchRecord;
  surface: DispatchSurface;
  t: DispatchDetailText;
  common: QueryErrorText;
  locale: Locale;
}) {
  const isShown = PROVEN_STATES.has(dispatch.current_status) && (dispatch.current_status !== 'cancelled' || dispatch.cancellation?.failure != null);
  const proof = useQuery({ ...proofQuery(dispatch.id, surface), enabled: isShown });
  if (!isShown) return null;
  const payload = dispatch.vendor_payload;
  const hasConfirmation = dispatch.pin_checked_at !== null || dispatch.cash_collected !== null;
  return (
    <Panel headingId="proof-title" title={t.proofTitle} intro={t.proofIntro} testId="proof-card">
      {proof.isError ? <QueryError error={proof.error} onRetry={() => void proof.refetch()} common={common} /> : null}
      {dispatch.pin_checked_at ? (
        <p className="badge badge--success" data-testid="proof-pin-checked">
          {interpolate(t.pinChecked, { time: <ClientTime timestamp={dispatch.pin_checked_at} locale={locale} style="time" /> })}
        </p>
      ) : null}
      {dispatch.cash_collected !== null ? (
        <p
          data-testid="proof-cash"
          data-amount={dispatch.cash_collected}
          className={payload?.order_price !== undefined && dispatch.cash_collected !== payload.order_price ? 'badge badge--warning' : 'badge'}
        >
          {payload?.order_price !== undefined
            ? format(t.cashCollectedShort, { amount: amount(dispatch.cash_collected, payload.currency, locale), expected: amount(payload.order_price, payload.currency, locale) })
            : format(t.cashCollected, { amount: amount(dispatch.cash_collected, payload?.currency, locale) })}
        </p>
      ) : null}
      {proof.data && hasProof(proof.data) ? (
        <ProofThumbnails proof={proof.data} t={t} locale={locale} mediaPath={surface.mediaPath} />
      ) : hasConfirmation ? null : (
        <p className="muted">{proof.isPending ? '…' : t.proofNone}</p>
      )}
    </Panel>
  );
}

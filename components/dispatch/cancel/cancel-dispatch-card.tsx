'use client';

import { actorText } from '@/components/dispatch/detail/actor-text';
import { ClientTime } from '@/components/dispatch/detail/client-time';
import { statusLabel } from '@/components/dispatch/detail/status-labels';
import type { Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { cancelDispatchMessages } from '@/components/platform/i18n/messages/cancel-dispatch';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { NamedCancellation } from '@/lib/dispatch/server/get-dispatch-view';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { cancelRefusal, useCancelDispatch } from './use-cancel-dispatch';

/** Who cancelled, named when the record comes from the page's read (get-dispatch-view.ts). */
type CancelledBy = NonNullable<DispatchRecord['cancellation']>['by'] & Partial<Pick<NamedCancellation['by'], 'ref_name'>>;

/**
 * The dispatch page's cancel card: on a cancelled dispatch, why, by whom and when (both
 * audiences); otherwise, where `showsAction`, the cancel button, or why it is refused (the
 * driver has picked it up, or it is finished). The console cancels from its own actions.
 */
export function CancelDispatchCard({
  dispatch,
  cancelPath,
  showsAction,
  locale,
  common,
}: {
  /** The page's read names who cancelled (`cancellation.by.ref_name`); an action's answer does not. */
  dispatch: Omit<DispatchRecord, 'cancellation'> & { cancellation: (Omit<NamedCancellation, 'by'> & { by: CancelledBy }) | null };
  cancelPath: string;
  showsAction: boolean;
  locale: Locale;
  common: CommonText;
}) {
  // The words are small; both languages ship with the page rather than through every server page.
  const t = messagesFor(cancelDispatchMessages, locale);
  const { ask, dialog } = useCancelDispatch({ dispatch, cancelPath, t, common });
  const { cancellation } = dispatch;
  if (cancellation) {
    return (
      <section className="card" aria-labelledby="cancellation-title" data-testid="cancellation">
        <h2 id="cancellation-title">{t.cancellationTitle}</h2>
        <dl className="stack">
          <div>
            <dt className="muted">{t.cancellationReason}</dt>
            <dd data-testid="cancellation-reason" data-reason={cancellation.reason ?? ''}>
              {cancellation.reason ? t[`reason_${cancellation.reason}`] : t.cancellationNoReason}
            </dd>
          </div>
          {cancellation.reason_text ? (
            <div>
              <dt className="muted">{t.cancellationDetails}</dt>
              <dd data-testid="cancellation-text">
                <bdi>{cancellation.reason_text}</bdi>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="muted">{t.cancellationBy}</dt>
            <dd>
              <span data-testid="cancellation-by">{actorText(common, { type: cancellation.by.ref_type, id: cancellation.by.ref_id, name: cancellation.by.ref_name })}</span> · <ClientTime timestamp={cancellation.at} locale={locale} />
            </dd>
          </div>
        </dl>
      </section>
    );
  }
  if (!showsAction) return null;
  const refusal = cancelRefusal(dispatch);
  const status = statusLabel(common, currentStatus(dispatch.status));
  return (
    <section className="card" aria-labelledby="cancel-title" data-testid="cancel-card">
      <h2 id="cancel-title" className="sr-only">
        {t.cancelAction}
      </h2>
      <button
        type="button"
        className="btn btn--danger"
        disabled={refusal !== null}
        aria-describedby={refusal ? 'cancel-refusal' : undefined}
        onClick={ask}
        data-testid="cancel-dispatch"
      >
        {t.cancelAction}
      </button>
      {refusal ? (
        <p id="cancel-refusal" className="field__hint" data-testid="cancel-refusal">
          {format(refusal === 'picked_up' ? t.refusedPickedUp : t.refusedFinished, { status })}
        </p>
      ) : null}
      {dialog}
    </section>
  );
}

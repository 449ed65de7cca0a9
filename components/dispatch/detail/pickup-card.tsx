'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/components/platform/ui/query-error';
import { useToast } from '@/components/platform/ui/toast';
import type { Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { vendorControlMessages } from '@/components/platform/i18n/messages/vendor-control';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { canRecordStatus, isLifecycleStatus, TRANSITIONS, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/table';
import { ClientTime } from './client-time';
import { interpolate } from './interpolate';
import { dispatchDetailKeys, postReady } from './queries';
import { saveFailureOf, type SaveFailure } from './save-failure';
import { statusLabel } from './status-labels';
import type { ControlCardProps } from './surface';
import detailStyles from './dispatch-detail.module.css';
import styles from './vendor-control.module.css';

/** Whether `target` can still come after `state`, read from the one transition table. */
function isAhead(state: LifecycleStatus, target: LifecycleStatus): boolean {
  const seen = new Set<LifecycleStatus>();
  const queue = [...TRANSITIONS[state]];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next === target) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...TRANSITIONS[next]);
  }
  return false;
}

/** Whether a driver's `accepted` is still ahead: the states "ready" is kept in (lib/dispatch/server/mark-ready.ts). */
export function isAcceptanceAhead(state: LifecycleStatus): boolean {
  return isAhead(state, 'accepted');
}

/** Whether the kitchen still hands the food over: a pickup ahead (not cancelled, delivered or picked up). */
export function isPickupAhead(state: string): boolean {
  return isLifecycleStatus(state) && isAhead(state, 'picked_up');
}

/**
 * What "Ready now" can do for this dispatch, by the rule the server applies: record
 * `ready_for_pickup` at once (a driver has accepted), keep the time until a driver accepts, or
 * nothing (said already, or too late).
 */
export function readiness(dispatch: Pick<DispatchRecord, 'status' | 'ready_at'>): 'said' | 'recorded' | 'can' | 'refused' {
  if (dispatch.ready_at) return 'said';
  if (dispatch.status.some((entry) => entry.status === 'ready_for_pickup')) return 'recorded';
  const state = currentStatus(dispatch.status);
  if (isLifecycleStatus(state) && (canRecordStatus(state, 'ready_for_pickup') || isAcceptanceAhead(state))) return 'can';
  return 'refused';
}

/**
 * The pickup's timing: the scheduled ready time and deadline when the dispatch has them, and the
 * kitchen's "Ready now" (staff only; the console records statuses from its own actions).
 */
export function PickupCard({ dispatch, surface, showsAction, locale, common }: ControlCardProps) {
  // The words are small; both languages ship with the page (as the cancel card's do).
  const t = messagesFor(vendorControlMessages, locale);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const state = currentStatus(dispatch.status);
  const statusText = statusLabel(common, state);
  const ready = readiness(dispatch);
  const isWaitingForDriver = isLifecycleStatus(state) && isAcceptanceAhead(state);

  const markReady = useMutation({
    mutationFn: () => postReady(dispatch.id, surface),
    onSuccess: (record) => {
      setFailure(null);
      queryClient.setQueryData(dispatchDetailKeys.dispatch(record.id), record);
      void queryClient.invalidateQueries({ queryKey: ['dispatches'] });
      toast(format(t.readyDone, { rId: record.r_id }), 'success');
    },
    onError: async (error) => {
      setFailure(await saveFailureOf(error, { queryClient, dispatchId: dispatch.id, detail: errorText(error, common) }));
    },
  });

  const hasSchedule = dispatch.pickup_ready_at !== null || dispatch.dropoff_deadline !== null;
  // Once the food has left the kitchen (or never will: cancelled), the card only recalls what was
  // planned and said; with nothing of either it is not shown at all.
  const isBeforePickup = isPickupAhead(state);
  if (!hasSchedule && ready !== 'said' && (!showsAction || !isBeforePickup)) return null;

  return (
    <section className="card stack" aria-labelledby="pickup-timing-title" data-testid="pickup-card">
      <div className={styles.titleRow}>
        <h2 id="pickup-timing-title">{t.kitchenTitle}</h2>
        {dispatch.pickup_ready_at && isBeforePickup ? (
          <span className="badge badge--warning" data-testid="scheduled-badge">
            {t.scheduledBadge}
          </span>
        ) : null}
      </div>
      {hasSchedule ? (
        <dl className={detailStyles.facts}>
          <TimeFact label={t.scheduledPickup} timestamp={dispatch.pickup_ready_at} locale={locale} testId="pickup-ready-at" />
          <TimeFact label={t.dropoffDeadline} timestamp={dispatch.dropoff_deadline} locale={locale} testId="dropoff-deadline" />
        </dl>
      ) : null}
      {dispatch.pickup_ready_at && isWaitingForDriver && dispatch.assigned_driver_id === null ? (
        <p className={`muted ${styles.note}`} data-testid="scheduled-waiting">
          {t.scheduledWaiting}
        </p>
      ) : null}

      {ready === 'said' && dispatch.ready_at ? (
        <div data-testid="ready-said" data-value={dispatch.ready_at}>
          <p className={styles.note}>{interpolate(t.readySaidAt, { time: <ClientTime timestamp={dispatch.ready_at} locale={locale} style="time" /> })}</p>
          {isWaitingForDriver && state !== 'ready_for_pickup' ? (
            <p className={`field__hint ${styles.note}`} data-testid="ready-later">
              {t.readyRecordedLater}
            </p>
          ) : null}
        </div>
      ) : null}

      {showsAction && isBeforePickup && (ready === 'can' || ready === 'refused') ? (
        <div className="stack">
          <div className="row">
            <button
              type="button"
              className="btn btn--primary"
              disabled={ready === 'refused' || markReady.isPending}
              aria-busy={markReady.isPending || undefined}
              aria-describedby={ready === 'refused' ? 'ready-refusal' : 'ready-hint'}
              onClick={() => {
                setFailure(null);
                markReady.mutate();
              }}
              data-testid="ready-now"
            >
              {markReady.isPending ? t.readyPending : t.readyNow}
            </button>
          </div>
          {ready === 'refused' ? (
            <p id="ready-refusal" className={`field__hint ${styles.note}`} data-testid="ready-refusal">
              {format(t.readyRefused, { status: statusText })}
            </p>
          ) : (
            <p id="ready-hint" className={`field__hint ${styles.note}`}>
              {t.readyHint}
            </p>
          )}
        </div>
      ) : null}
      {failure ? (
        <p className="alert alert--error" role="alert" data-testid="ready-error">
          {failure.kind === 'conflict' ? format(t.readyConflict, { status: statusText }) : failure.detail}
        </p>
      ) : null}
    </section>
  );
}

/** A planned time of the dispatch, as a fact of the card; nothing when the dispatch has none. */
function TimeFact({ label, timestamp, locale, testId }: { label: string; timestamp: string | null; locale: Locale; testId: string }) {
  if (!timestamp) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId} data-value={timestamp}>
        <ClientTime timestamp={timestamp} locale={locale} />
      </dd>
    </>
  );
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dispatchDetailKeys } from '@/components/dispatch/detail/queries';
import type { StatusLabels } from '@/components/dispatch/detail/status-labels';
import { FormFailure } from '@/components/platform/ui/form-failure';
import { useToast } from '@/components/platform/ui/toast';
import { errorText, type QueryErrorText } from '@/components/platform/ui/query-error';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { canRecordStatus, nextStatuses, type Status } from '@/lib/dispatch/shared/transitions/table';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { format } from '@/components/platform/i18n/messages';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import { messagesFor } from '@/components/platform/i18n/messages';
import { cancelDispatchMessages } from '@/components/platform/i18n/messages/cancel-dispatch';
import type { Locale } from '@/components/platform/i18n/locale';
import { useCancelDispatch } from '@/components/dispatch/cancel/use-cancel-dispatch';
import { DISPATCH_SURFACES } from '@/components/dispatch/detail/surface';
import styles from './admin-dispatches.module.css';
import { DriverPicker } from './driver-picker';
import { postAssign, postStatus } from './queries';

/**
 * The admin's controls on one dispatch: assign or reassign a driver, and one button per status
 * the transition table allows next (`assigned` is the assign control; `cancelled` asks for a
 * reason and a confirmation first, as the restaurant's cancel does). They go through the ops
 * API's domain functions; the page's live stream refreshes everything else.
 */
export function AdminDispatchActions({
  dispatch,
  t,
  common,
  statusLabels,
  locale,
}: {
  dispatch: DispatchRecord;
  t: AdminDispatchText;
  common: QueryErrorText;
  statusLabels: StatusLabels;
  locale: Locale;
}) {
  const { id } = dispatch;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [driverId, setDriverId] = useState('');
  // A new picker (empty search) after each assignment: the assigned driver is no longer offered.
  const [pickerGeneration, setPickerGeneration] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const onDone = (record: DispatchRecord, message: string) => {
    setFailure(null);
    queryClient.setQueryData(dispatchDetailKeys.dispatch(id), record);
    void queryClient.invalidateQueries({ queryKey: dispatchDetailKeys.dispatch(id) });
    toast(message, 'success');
  };
  const onError = (error: Error) => {
    setFailure(format(t.actionFailed, { detail: errorText(error, common) }));
    void queryClient.invalidateQueries({ queryKey: dispatchDetailKeys.dispatch(id) });
  };
  const assign = useMutation({
    mutationFn: (driver: string) => postAssign(id, driver),
    onSuccess: (record) => {
      setDriverId('');
      setPickerGeneration((generation) => generation + 1);
      onDone(record, t.driverAssigned);
    },
    onError,
  });
  const move = useMutation({
    mutationFn: (status: Status) => postStatus(id, status),
    onSuccess: (record, status) => onDone(record, format(t.statusRecorded, { status: statusLabels[status] })),
    onError,
  });
  const cancel = useCancelDispatch({
    dispatch,
    cancelPath: `${DISPATCH_SURFACES.admin.dispatchPath(id)}/cancel`,
    t: messagesFor(cancelDispatchMessages, locale),
    common,
  });
  const status = currentStatus(dispatch.status);
  const canAssign = canRecordStatus(status, 'assigned');
  const next = nextStatuses(status).filter((value) => value !== 'assigned');
  const isBusy = assign.isPending || move.isPending;
  const hasDriver = dispatch.assigned_driver_id !== null;
  return (
    <>
      <section className="card" aria-labelledby="admin-actions-title" data-testid="admin-actions">
        <h2 id="admin-actions-title">{t.actionsTitle}</h2>
        <p className={`field__hint ${styles.actionsIntro}`}>{t.actionsIntro}</p>
        <div className={styles.actions}>
          <FormFailure message={failure} testId="action-error" />
          <div className={styles.actionGroup}>
            <h3>{t.assignTitle}</h3>
            {canAssign ? (
              <form
                className={styles.assignRow}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (driverId) assign.mutate(driverId);
                }}
              >
                <DriverPicker
                  key={pickerGeneration}
                  idPrefix="assign"
                  value={driverId}
                  onChange={setDriverId}
                  t={t}
                  excludeId={dispatch.assigned_driver_id}
                  layout="stacked"
                  dispatchId={id}
                />
                <button type="submit" className="btn btn--primary" disabled={!driverId || isBusy} data-testid="assign-driver">
                  {hasDriver ? t.reassign : t.assign}
                </button>
              </form>
            ) : (
              <p className="muted" data-testid="assign-unavailable">
                {format(t.assignNotAllowed, { status: statusLabels[status] })}
              </p>
            )}
          </div>
          <div className={styles.actionGroup}>
            <h3 id="next-status-title">{t.nextStatusTitle}</h3>
            {next.length ? (
              <div className={styles.statusButtons} role="group" aria-labelledby="next-status-title" data-testid="next-statuses">
                {next.map((value) => (
                  <button
                    key={value}
                    type="button"
                    className={`btn ${value === 'cancelled' || value === 'dispatch_rejected' ? 'btn--danger' : ''}`}
                    disabled={isBusy}
                    onClick={() => (value === 'cancelled' ? cancel.ask() : move.mutate(value))}
                    data-status={value}
                  >
                    {statusLabels[value]}
                  </button>
                ))}
              </div>
            ) : (
              <p className="muted" data-testid="no-next-status">
                {t.noNextStatus}
              </p>
            )}
          </div>
        </div>
        {cancel.dialog}
      </section>
    </>
  );
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { dispatchHref } from '@/components/dispatch/list/audience';
import listStyles from '@/components/dispatch/list/dispatch-list.module.css';
import type { ListFilters } from '@/components/dispatch/list/list-params';
import type { RowSelection } from '@/components/dispatch/list/use-row-selection';
import type { StatusLabels } from '@/components/dispatch/detail/status-labels';
import { CancelReasonDialog, type CancelReasonDialogProps, type CancellationChoice } from '@/components/dispatch/cancel/cancel-dispatch-dialog';
import { Options } from '@/components/platform/ui/field';
import { errorText, type QueryErrorText } from '@/components/platform/ui/query-error';
import { TableHead } from '@/components/platform/ui/query-table';
import type { BulkAction } from '@/lib/dispatch/server/console-schemas';
import { LIFECYCLE_STATUSES, MARKER_STATUSES } from '@/lib/dispatch/shared/transitions/table';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import { bulkCancelMessages } from '@/components/platform/i18n/messages/bulk-cancel';
import { cancelDispatchMessages } from '@/components/platform/i18n/messages/cancel-dispatch';
import styles from './admin-dispatches.module.css';
import { DriverPicker } from './driver-picker';
import { fetchMatchingIds, postBulk, type BulkResponse } from './queries';

/** The bulk route's limit (lib/dispatch/server/console-schemas.ts BULK_MAX_IDS; that module brings zod). */
const BULK_MAX = 500;

type BulkStatus = Extract<BulkAction, { type: 'status' }>['status'];

/** `assigned` needs a driver: it is the assign action, not a status to pick. */
const BULK_STATUSES = [...LIFECYCLE_STATUSES, ...MARKER_STATUSES].filter((value): value is BulkStatus => value !== 'assigned');

/** The page's language, from `<html lang>`, for a caller that does not pass it. */
function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * The console list's bulk actions on the ticked rows (`selection`): select every match of the
 * filters, assign a driver or record a status, then the per-row report. Each row goes through the
 * domain on its own, so a refused row does not undo the others. Cancelling asks for a reason and
 * a confirmation first (the reason picker of one dispatch), recorded on every row.
 */
export function BulkActions({
  t,
  common,
  statusLabels,
  filters,
  selection,
  locale,
}: {
  t: AdminDispatchText;
  common: QueryErrorText;
  statusLabels: StatusLabels;
  filters: ListFilters;
  selection: RowSelection;
  /** The page's language (the reason picker's words); `<html lang>` when absent. */
  locale?: Locale;
}) {
  const queryClient = useQueryClient();
  // The reason dialog: mounted from its first opening on (client-side only, so reading the page's
  // language then cannot differ from the server's render), a new form for each opening, and kept
  // mounted while closed so that focus goes back to the button that opened it.
  const [reasonDialog, setReasonDialog] = useState<{ generation: number; isOpen: boolean } | null>(null);
  const closeReasonDialog = () => setReasonDialog((dialog) => dialog && { ...dialog, isOpen: false });
  const selectAll = useMutation({
    mutationFn: () => fetchMatchingIds(filters, BULK_MAX),
    onSuccess: ({ ids, isCapped }) => selection.replace(ids, isCapped),
  });
  const bulk = useMutation({
    mutationFn: (action: BulkAction) => postBulk([...selection.selected], action),
    onSuccess: () => {
      selection.clear();
      void queryClient.invalidateQueries({ queryKey: ['dispatches'] });
    },
  });
  const count = selection.selected.size;
  const onApply = (action: BulkAction) => {
    if (action.type === 'status' && action.status === 'cancelled') {
      setReasonDialog((dialog) => ({ generation: (dialog?.generation ?? 0) + 1, isOpen: true }));
      return;
    }
    bulk.mutate(action);
  };
  const onCancelConfirmed = (choice: CancellationChoice) => {
    bulk.mutate({ type: 'status', status: 'cancelled', ...choice }, { onSettled: closeReasonDialog });
  };
  return (
    <>
      <BulkBar
        t={t}
        statusLabels={statusLabels}
        count={count}
        isCapped={selection.isCapped}
        isSelectingAll={selectAll.isPending}
        selectAllError={selectAll.isError ? errorText(selectAll.error, common) : null}
        onSelectAll={() => selectAll.mutate()}
        onClear={selection.clear}
        isApplying={bulk.isPending}
        onApply={onApply}
      />
      {reasonDialog ? (
        <BulkCancelDialog
          key={reasonDialog.generation}
          count={count}
          locale={locale ?? documentLocale()}
          isOpen={reasonDialog.isOpen}
          isPending={bulk.isPending}
          onClose={closeReasonDialog}
          onConfirm={onCancelConfirmed}
        />
      ) : null}
      {bulk.isError ? (
        <div role="alert" className={`alert alert--error ${listStyles.error}`}>
          {format(t.bulkFailed, { detail: errorText(bulk.error, common) })}
        </div>
      ) : null}
      {bulk.data ? <BulkReport t={t} result={bulk.data} isCancel={bulk.variables?.type === 'status' && bulk.variables.status === 'cancelled'} onDismiss={() => bulk.reset()} /> : null}
    </>
  );
}

/** "Cancel N dispatches?" with the reason picker; the dialog's state and answer are passed through as they are. */
function BulkCancelDialog({
  count,
  locale,
  isOpen,
  isPending,
  onClose,
  onConfirm,
}: { count: number; locale: Locale } & Pick<CancelReasonDialogProps, 'isOpen' | 'isPending' | 'onClose' | 'onConfirm'>) {
  const t = messagesFor(bulkCancelMessages, locale);
  return (
    <CancelReasonDialog
      title={format(t.bulkCancelTitle, { count })}
      body={t.bulkCancelBody}
      confirmLabel={format(t.bulkCancelConfirm, { count })}
      keepLabel={t.bulkCancelKeep}
      isOpen={isOpen}
      onClose={onClose}
      onConfirm={onConfirm}
      isPending={isPending}
      error={null}
      t={messagesFor(cancelDispatchMessages, locale)}
    />
  );
}

/** What to do with the selection: select every match, assign a driver, or record a status. */
function BulkBar({
  t,
  statusLabels,
  count,
  isCapped,
  isSelectingAll,
  selectAllError,
  onSelectAll,
  onClear,
  isApplying,
  onApply,
}: {
  t: AdminDispatchText;
  statusLabels: StatusLabels;
  count: number;
  isCapped: boolean;
  isSelectingAll: boolean;
  selectAllError: string | null;
  onSelectAll: () => void;
  onClear: () => void;
  isApplying: boolean;
  onApply: (action: BulkAction) => void;
}) {
  const [driverId, setDriverId] = useState('');
  const [status, setStatus] = useState<BulkStatus | ''>('');
  const isDisabled = count === 0 || isApplying;
  return (
    <section className={`card ${styles.bulk}`} aria-labelledby="bulk-title" data-testid="bulk-bar">
      <div className={styles.bulkHead}>
        <h2 id="bulk-title" className={styles.bulkTitle}>
          {t.bulkTitle}
        </h2>
        <p className={styles.bulkCount} aria-live="polite" data-testid="selected-count" data-count={count}>
          {count ? format(t.selectedCount, { count }) : t.noneSelected}
        </p>
        <div className="row">
          <button type="button" className="btn btn--small" onClick={onSelectAll} disabled={isSelectingAll || isApplying} data-testid="select-all-matching">
            {isSelectingAll ? t.selectingAll : format(t.selectAllMatching, { max: BULK_MAX })}
          </button>
          {count ? (
            <button type="button" className="btn btn--small btn--ghost" onClick={onClear} disabled={isApplying}>
              {t.clearSelection}
            </button>
          ) : null}
        </div>
      </div>
      {isCapped ? <p className="alert alert--warning">{format(t.selectionCapped, { max: BULK_MAX })}</p> : null}
      {selectAllError ? (
        <p className="alert alert--error" role="alert">
          {selectAllError}
        </p>
      ) : null}
      <div className={`grid-2 grid-2--wide-start ${styles.bulkActions}`}>
        <form
          className={styles.bulkAction}
          aria-label={t.bulkAssign}
          onSubmit={(event) => {
            event.preventDefault();
            if (driverId) onApply({ type: 'assign', driver_id: driverId });
          }}
        >
          <h3 className={styles.bulkActionTitle}>{t.bulkAssign}</h3>
          <DriverPicker idPrefix="bulk" value={driverId} onChange={setDriverId} t={t} />
          <button type="submit" className="btn btn--primary" disabled={isDisabled || !driverId} data-testid="bulk-assign">
            {isApplying ? t.applying : format(t.bulkAssignButton, { count })}
          </button>
        </form>
        <form
          className={styles.bulkAction}
          aria-label={t.bulkStatus}
          onSubmit={(event) => {
            event.preventDefault();
            if (status) onApply({ type: 'status', status });
          }}
        >
          <h3 className={styles.bulkActionTitle}>{t.bulkStatus}</h3>
          <div className="field">
            <label htmlFor="bulk-status">{t.status}</label>
            <select
              id="bulk-status"
              className="select"
              value={status}
              onChange={(event) => setStatus(BULK_STATUSES.find((value) => value === event.target.value) ?? '')}
              data-testid="bulk-status-select"
            >
              <Options options={BULK_STATUSES.map((value) => [value, statusLabels[value]] as const)} emptyLabel={t.chooseStatus} />
            </select>
          </div>
          <button type="submit" className="btn btn--primary" disabled={isDisabled || !status} data-testid="bulk-status">
            {isApplying ? t.applying : format(t.bulkStatusButton, { count })}
          </button>
        </form>
      </div>
    </section>
  );
}

/** The per-row outcome: how many applied, and each refused row with the reason. */
function BulkReport({ t, result, isCancel, onDismiss }: { t: AdminDispatchText; result: BulkResponse; isCancel: boolean; onDismiss: () => void }) {
  const refused = result.data.filter((row) => !row.ok);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [result]);
  // Cancelled dispatches are never shown in the accent's green, their report included.
  const tone = refused.length ? styles.reportWarning : isCancel ? styles.reportCancelled : styles.reportSuccess;
  return (
    <section className={`card ${styles.report} ${tone}`} aria-labelledby="bulk-result-title" data-testid="bulk-report">
      <div className={styles.reportHead}>
        <h2 id="bulk-result-title" ref={headingRef} tabIndex={-1} className={styles.bulkTitle}>
          {t.resultTitle}
        </h2>
        <button type="button" className="btn btn--small btn--ghost" onClick={onDismiss}>
          {t.dismiss}
        </button>
      </div>
      <p role="status" data-testid="bulk-summary" data-applied={result.applied} data-refused={result.refused}>
        <strong>{format(t.resultSummary, { applied: result.applied, refused: result.refused })}</strong>
      </p>
      {refused.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption className={styles.caption}>{t.refusedCaption}</caption>
            <TableHead columns={[t.colReference, t.colReason]} />
            <tbody>
              {refused.map((row) =>
                row.ok ? null : (
                  <tr key={row.id} data-testid="refused-row" data-id={row.id} data-error={row.error}>
                    <td className="mono">
                      {row.r_id ? (
                        <Link href={dispatchHref('admin', row.id)} prefetch={false}>
                          {row.r_id}
                        </Link>
                      ) : (
                        row.id
                      )}
                    </td>
                    <td>
                      <RefusalReason t={t} error={row.error} description={row.error_desc} />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** The reason in the page's language, with the server's exact words for the details. */
function RefusalReason({ t, error, description }: { t: AdminDispatchText; error: string; description: string }) {
  const reason = error === 'invalid_transition' ? t.reasonInvalidTransition : error === 'not_found' ? t.reasonNotFound : null;
  return (
    <>
      {reason ? <span className={styles.reason}>{reason}</span> : null}
      <span className={`${reason ? 'field__hint' : ''} ${styles.reasonDetail}`} dir="ltr">
        {description}
      </span>
    </>
  );
}

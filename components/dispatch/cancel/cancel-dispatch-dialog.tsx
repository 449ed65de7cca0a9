'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiFetch } from '@/components/platform/client/api-fetch';
import { Dialog } from '@/components/platform/ui/dialog';
import { errorText, type QueryErrorText } from '@/components/platform/ui/query-error';
import uiStyles from '@/components/platform/ui/ui.module.css';
import { format } from '@/components/platform/i18n/messages';
import type { CancelDispatchText } from '@/components/platform/i18n/messages/cancel-dispatch';
import { CANCEL_REASON_TEXT_MAX, CANCEL_REASONS, type CancelReason } from '@/lib/dispatch/shared/cancel-reasons';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { FormFailure } from '@/components/platform/ui/form-failure';

/** What the reason picker answers: the cancel endpoints' body. */
export type CancellationChoice = { reason: CancelReason; reason_text?: string };

/**
 * "Cancel this dispatch?" with the reason picker: a reason (required), details (required with
 * `other`), then the cancel call of the surface (`cancelPath`: the staff or the console route,
 * both the same domain operation). The server's refusal (a driver who picked up meanwhile) is
 * shown in the dialog. Remount it (a `key`) to start empty.
 */
export function CancelDispatchDialog({
  dispatch,
  cancelPath,
  isOpen,
  onClose,
  onCancelled,
  t,
  common,
}: {
  dispatch: Pick<DispatchRecord, 'id' | 'r_id'>;
  cancelPath: string;
  isOpen: boolean;
  onClose: () => void;
  onCancelled: (record: DispatchRecord) => void;
  t: CancelDispatchText;
  common: QueryErrorText;
}) {
  const cancel = useMutation({
    mutationFn: async (choice: CancellationChoice) => (await apiFetch<{ data: DispatchRecord }>(cancelPath, { method: 'POST', body: choice })).data,
    onSuccess: onCancelled,
  });
  return (
    <CancelReasonDialog
      title={format(t.dialogTitle, { rId: dispatch.r_id })}
      body={t.dialogBody}
      confirmLabel={t.confirm}
      keepLabel={t.keep}
      isOpen={isOpen}
      onClose={onClose}
      onConfirm={(choice) => cancel.mutate(choice)}
      isPending={cancel.isPending}
      error={cancel.isError ? errorText(cancel.error, common) : null}
      t={t}
    />
  );
}

export interface CancelReasonDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  keepLabel: string;
  isOpen: boolean;
  onClose: () => void;
  onConfirm: (choice: CancellationChoice) => void;
  isPending: boolean;
  /** Why the last attempt failed, in the page's words; null when it did not. */
  error: string | null;
  t: CancelDispatchText;
}

/**
 * The reason picker in a confirmation dialog, for one dispatch (above) or many (the console's
 * bulk cancel): a reason (required), details (required with `other`); `onConfirm` gets them
 * once they are valid. Remount it (a `key`) to start empty.
 */
export function CancelReasonDialog({ title, body, confirmLabel, keepLabel, isOpen, onClose, onConfirm, isPending, error, t }: CancelReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [details, setDetails] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);
  const reasonError = isSubmitted && reason === null ? t.reasonMissing : null;
  const detailsError = isSubmitted && reason === 'other' && !details.trim() ? t.reasonTextMissing : null;
  const onSubmit = () => {
    setSubmitted(true);
    if (reason === null || (reason === 'other' && !details.trim())) return;
    onConfirm({ reason, ...(details.trim() && { reason_text: details.trim() }) });
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      <form
        className="stack"
        data-testid="cancel-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <p className="muted">{body}</p>
        <fieldset className="field" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
          <legend className="field__label">{t.reasonLegend}</legend>
          {CANCEL_REASONS.map((value) => (
            <label key={value} className="row" data-reason={value}>
              <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} data-autofocus={value === CANCEL_REASONS[0] ? true : undefined} />
              {t[`reason_${value}`]}
            </label>
          ))}
          {reasonError ? (
            <p id={`${id}-reason-error`} className="field__error" role="alert">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-details`}>{reason === 'other' ? t.reasonTextRequiredLabel : t.reasonTextLabel}</label>
          <textarea
            id={`${id}-details`}
            className="textarea"
            rows={3}
            maxLength={CANCEL_REASON_TEXT_MAX}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            aria-invalid={detailsError ? true : undefined}
            aria-describedby={`${id}-details-hint${detailsError ? ` ${id}-details-error` : ''}`}
            data-testid="cancel-details"
          />
          <p id={`${id}-details-hint`} className="field__hint">
            {format(t.reasonTextHint, { max: CANCEL_REASON_TEXT_MAX })}
          </p>
          {detailsError ? (
            <p id={`${id}-details-error`} className="field__error" role="alert">
              {detailsError}
            </p>
          ) : null}
        </div>
        <FormFailure message={error} testId="cancel-error" />
        <div className={uiStyles.dialogActions}>
          <button type="button" className="btn" onClick={onClose}>
            {keepLabel}
          </button>
          <button type="submit" className="btn btn--danger" disabled={isPending} aria-busy={isPending} data-testid="confirm-cancel">
            {isPending ? t.pending : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

'use client';

import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { Field } from '@/components/platform/ui/field';
import { errorText } from '@/components/platform/ui/query-error';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { vendorControlMessages, type VendorControlText } from '@/components/platform/i18n/messages/vendor-control';
import { tipInMajorUnitsSchema } from '@/lib/dispatch/shared/create-dispatch-form-schema';
import { DROPOFF_INSTRUCTIONS_MAX, UpdateDropoffBodySchema, type DispatchRecord, type UpdateDropoffBody } from '@/lib/dispatch/shared/schemas';
import { formatMoney, toMajor } from '@/lib/pricing/shared/tariff';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { canCancelOrder, isLifecycleStatus } from '@/lib/dispatch/shared/transitions/table';
import { patchDropoff } from './queries';
import { statusLabel } from './status-labels';
import { escapeCancels, useInPlaceEditor, useInPlaceSave } from './in-place-editor';
import type { ControlCardProps } from './surface';
import detailStyles from './dispatch-detail.module.css';
import styles from './vendor-control.module.css';

/** The PATCH's fields as the form edits them: the tip in major units of the account currency. */
function dropoffFormSchema(currency: string) {
  // The fields without the body's "at least one" refinement (zod refuses to pick from a refined object): the form sends all three.
  return z.object(UpdateDropoffBodySchema.shape).pick({ dropoff_instructions: true, contactless: true }).extend({ tip: tipInMajorUnitsSchema(currency).optional() });
}

type DropoffForm = z.input<ReturnType<typeof dropoffFormSchema>>;
type DropoffValues = z.output<ReturnType<typeof dropoffFormSchema>>;

/** Until the driver has picked the order up: the states from which it can still be cancelled (lib/dispatch/server/internal/update-dropoff.ts). */
export function canEditDropoff(dispatch: Pick<DispatchRecord, 'status'>): boolean {
  const state = currentStatus(dispatch.status);
  return isLifecycleStatus(state) && canCancelOrder(state);
}

/** The tip in the account currency (the record's pricing names it); a dispatch without pricing falls back to its order's currency. */
function tipCurrencyOf(dispatch: DispatchRecord): string | null {
  return dispatch.pricing?.currency ?? dispatch.vendor_payload?.currency ?? null;
}

/**
 * The drop-off details (the driver's instructions, contactless, tip) and, until pickup, their
 * edit form (PATCH …/dropoff). The server's 400 lands on the field it names; a 409 (the driver
 * picked up meanwhile) reads the dispatch again and says its state.
 */
export function DropoffCard({ dispatch, surface, showsAction, locale, common }: ControlCardProps) {
  const t = messagesFor(vendorControlMessages, locale);
  const currency = tipCurrencyOf(dispatch);
  const isEditable = canEditDropoff(dispatch);
  const canEdit = showsAction && currency !== null;
  const statusText = statusLabel(common, currentStatus(dispatch.status));

  const form = useForm<DropoffForm, unknown, DropoffValues>({ resolver: localizedZodResolver(dropoffFormSchema(currency ?? 'SAR')) });
  const { errors } = form.formState;
  // A live update past pickup closes the editor.
  const { isOpen, buttonRef, openEditor, closeEditor, dismissEditor } = useInPlaceEditor(form, 'dropoff_instructions', isEditable && canEdit);

  const { save, failure, setFailure } = useInPlaceSave({
    dispatchId: dispatch.id,
    form,
    fields: ['dropoff_instructions', 'contactless', 'tip'],
    editor: { closeEditor, dismissEditor },
    send: (body: UpdateDropoffBody) => patchDropoff(dispatch.id, body, surface),
    alsoStale: ['dispatches'],
    savedText: t.dropoffSaved,
    detailOf: (error) => errorText(error, common),
  });

  function open() {
    setFailure(null);
    form.reset({
      dropoff_instructions: dispatch.dropoff_instructions ?? '',
      contactless: dispatch.contactless,
      tip: dispatch.tip === null || currency === null ? undefined : toMajor(dispatch.tip, currency),
    });
    openEditor(true);
  }

  function close() {
    form.clearErrors();
    closeEditor();
  }

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate({ dropoff_instructions: values.dropoff_instructions || null, contactless: values.contactless ?? false, tip: values.tip ?? null });
  });


  return (
    <section className="card stack" aria-labelledby="dropoff-title" data-testid="dropoff-card">
      <h2 id="dropoff-title">{t.dropoffTitle}</h2>
      {isOpen ? (
        <form className="stack" onSubmit={onSubmit} onKeyDown={escapeCancels(save.isPending, close)} noValidate data-testid="dropoff-form">
          <Field
            id="dropoff-instructions"
            label={t.dropoffInstructions}
            hint={format(t.dropoffInstructionsHint, { max: DROPOFF_INSTRUCTIONS_MAX })}
            error={errors.dropoff_instructions?.message}
          >
            {(aria) => <textarea className="textarea" rows={3} maxLength={DROPOFF_INSTRUCTIONS_MAX} {...aria} {...form.register('dropoff_instructions')} />}
          </Field>
          <div className="field">
            <label className={styles.checkbox}>
              <input type="checkbox" aria-describedby="dropoff-contactless-hint" {...form.register('contactless')} data-testid="dropoff-contactless" />
              {t.contactless}
            </label>
            <p id="dropoff-contactless-hint" className="field__hint">
              {t.contactlessHint}
            </p>
          </div>
          <Field id="dropoff-tip" label={t.tip} hint={format(t.tipHint, { currency: currency ?? '' })} error={errors.tip?.message}>
            {(aria) => (
              <input
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                dir="ltr"
                className="input"
                {...aria}
                {...form.register('tip', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)) })}
              />
            )}
          </Field>
          {failure?.kind === 'error' ? (
            <p className="alert alert--error" role="alert" data-testid="dropoff-error">
              {failure.detail}
            </p>
          ) : null}
          <div className={styles.formActions}>
            <button type="submit" className="btn btn--primary" disabled={save.isPending} aria-busy={save.isPending || undefined} data-testid="dropoff-save">
              {save.isPending ? t.dropoffSaving : t.dropoffSave}
            </button>
            <button type="button" className="btn" onClick={close} disabled={save.isPending}>
              {t.dropoffCancel}
            </button>
          </div>
        </form>
      ) : (
        <>
          <DropoffFacts dispatch={dispatch} currency={currency} t={t} />
          {failure?.kind === 'conflict' ? (
            <p className="alert alert--warning" role="alert" data-testid="dropoff-conflict">
              {format(t.dropoffConflict, { status: statusText })}
            </p>
          ) : null}
          {failure?.kind === 'error' ? (
            <p className="alert alert--error" role="alert">
              {failure.detail}
            </p>
          ) : null}
          {canEdit && isEditable ? (
            <div className="row">
              <button ref={buttonRef} type="button" className="btn" onClick={open} data-testid="dropoff-edit">
                {t.dropoffEdit}
              </button>
            </div>
          ) : null}
          {canEdit && !isEditable && failure?.kind !== 'conflict' ? (
            <p className={`field__hint ${styles.note}`} data-testid="dropoff-locked">
              {format(t.dropoffLocked, { status: statusText })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function DropoffFacts({ dispatch, currency, t }: { dispatch: DispatchRecord; currency: string | null; t: VendorControlText }) {
  return (
    <dl className={detailStyles.facts}>
      <dt>{t.dropoffInstructions}</dt>
      <dd data-testid="dropoff-instructions">{dispatch.dropoff_instructions ? <bdi>{dispatch.dropoff_instructions}</bdi> : <span className="muted">{t.dropoffNoInstructions}</span>}</dd>
      <dt>{t.contactless}</dt>
      <dd data-testid="dropoff-contactless-value" data-value={dispatch.contactless}>
        {dispatch.contactless ? t.contactlessYes : t.contactlessNo}
      </dd>
      <dt>{t.tip}</dt>
      <dd data-testid="dropoff-tip" data-value={dispatch.tip ?? ''}>
        {dispatch.tip === null ? (
          <span className="muted">{t.tipNone}</span>
        ) : (
          <bdi>{currency ? formatMoney(dispatch.tip, currency) : dispatch.tip}</bdi>
        )}
      </dd>
    </dl>
  );
}

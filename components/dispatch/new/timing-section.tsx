'use client';

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { blankToUndefined, errorAt, fieldId, NumberInput, numberOrUndefined } from '@/components/dispatch/new/field';
import { Field } from '@/components/platform/ui/field';
import { format } from '@/components/platform/i18n/messages';
import type { NewDispatchText } from '@/components/platform/i18n/messages/new-dispatch';
import type { VendorControlText } from '@/components/platform/i18n/messages/vendor-control';
import { READY_MODES, type CreateDispatchFormInput, type CreateDispatchFormOutput, type ReadyMode } from '@/lib/dispatch/shared/create-dispatch-form-schema';
import { DROPOFF_INSTRUCTIONS_MAX } from '@/lib/dispatch/shared/schemas';
import styles from './new-dispatch.module.css';

type DispatchForm = UseFormReturn<CreateDispatchFormInput, unknown, CreateDispatchFormOutput>;

const MODE_LABELS: Record<ReadyMode, keyof VendorControlText> = { now: 'readyModeNow', in: 'readyModeIn', at: 'readyModeAt' };

/**
 * When the food is ready (now, in N minutes, at a time: a schedule), the deadline, and what the
 * driver needs at the door: instructions, contactless, tip (typed in the account currency's
 * major units; the form sends minor units).
 */
export function TimingSection({ form, t, vc, currency }: { form: DispatchForm; t: NewDispatchText; vc: VendorControlText; currency: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const mode = useWatch({ control, name: 'ready.mode' });
  return (
    <section className="card stack" aria-labelledby="timing-title" data-testid="timing-section">
      <h2 id="timing-title">{vc.sectionWhen}</h2>
      <fieldset className={styles.readyModes} aria-describedby="ready-schedule-hint">
        <legend>{vc.foodReady}</legend>
        {READY_MODES.map((value) => (
          <label key={value} className={styles.radio}>
            <input type="radio" value={value} {...register('ready.mode')} data-testid={`ready-mode-${value}`} />
            {vc[MODE_LABELS[value]]}
          </label>
        ))}
      </fieldset>
      <p id="ready-schedule-hint" className="field__hint">
        {vc.readyScheduleHint}
      </p>
      <div className={styles.fieldGrid}>
        {mode === 'in' ? (
          <Field id={fieldId('ready.minutes')} label={vc.readyInMinutes} error={errorAt(errors, 'ready.minutes', t.enterNumber)}>
            {(aria) => (
              <NumberInput whole min={1} {...aria} {...register('ready.minutes', { setValueAs: numberOrUndefined, shouldUnregister: true })} />
            )}
          </Field>
        ) : null}
        {mode === 'at' ? (
          <Field id={fieldId('ready.at')} label={vc.readyAtTime} error={errorAt(errors, 'ready.at')}>
            {(aria) => (
              <input type="datetime-local" dir="ltr" className="input" {...aria} {...register('ready.at', { setValueAs: blankToUndefined, shouldUnregister: true })} />
            )}
          </Field>
        ) : null}
        <Field id={fieldId('deadline')} label={vc.deadline} hint={vc.deadlineHint} error={errorAt(errors, 'deadline')}>
          {(aria) => <input type="datetime-local" dir="ltr" className="input" {...aria} {...register('deadline', { setValueAs: blankToUndefined })} />}
        </Field>
      </div>
      <div className={styles.fieldGrid}>
        <Field
          id={fieldId('dropoff_instructions')}
          label={vc.dropoffInstructions}
          hint={format(vc.dropoffInstructionsHint, { max: DROPOFF_INSTRUCTIONS_MAX })}
          error={errorAt(errors, 'dropoff_instructions')}
        >
          {(aria) => (
            <textarea
              className="textarea"
              rows={2}
              maxLength={DROPOFF_INSTRUCTIONS_MAX}
              {...aria}
              {...register('dropoff_instructions', { setValueAs: blankToUndefined })}
            />
          )}
        </Field>
        <Field id={fieldId('tip')} label={vc.tip} hint={format(vc.tipHint, { currency })} error={errorAt(errors, 'tip', t.enterNumber)}>
          {(aria) => (
            <NumberInput min={0} {...aria} {...register('tip', { setValueAs: numberOrUndefined })} />
          )}
        </Field>
      </div>
      <div className="field">
        <label className={styles.checkbox}>
          <input type="checkbox" aria-describedby="contactless-hint" {...register('contactless')} />
          {vc.contactless}
        </label>
        <p id="contactless-hint" className="field__hint">
          {vc.contactlessHint}
        </p>
      </div>
    </section>
  );
}

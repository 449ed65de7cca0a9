import type { FormEventHandler, ReactNode, Ref } from 'react';
import { FormFailure } from './form-failure';
import styles from './ui.module.css';

interface HeadingProps {
  /** The heading's id; the panel is labelled by it. */
  headingId: string;
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  /** At the heading's end: a badge, a button. */
  headerEnd?: ReactNode;
  /** The heading made focusable: where focus goes when what had it is gone (a deleted row's button). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Named for screen readers only (the page's <h1> says it already). */
  isTitleHidden?: boolean;
  level?: 2 | 3;
}

function PanelHeading({ headingId, title, intro, headerEnd, headingRef, isTitleHidden, level = 2 }: HeadingProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={isTitleHidden ? 'sr-only' : undefined}>
      {title}
    </Heading>
  );
  const top = headerEnd !== undefined ? (
    <div className={styles.sectionHeader}>
      {heading}
      {headerEnd}
    </div>
  ) : (
    heading
  );
  if (!intro) return top;
  return (
    <div>
      {top}
      <p className="muted">{intro}</p>
    </div>
  );
}

/** A card <section> named by its heading (see HeadingProps); `children` follow the heading. */
export function Panel({ testId, className, children, ...heading }: HeadingProps & { testId?: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={heading.headingId} className={['card stack', className].filter(Boolean).join(' ')} data-testid={testId}>
      <PanelHeading {...heading} />
      {children}
    </section>
  );
}

/** A form's buttons: submit (with its pending text while submitting), then an optional cancel and `children`. */
export function FormActions({
  submitLabel,
  pendingLabel,
  isSubmitting,
  isDisabled = false,
  isDanger = false,
  cancelLabel,
  onCancel,
  isEnd = false,
  children,
}: {
  submitLabel: string;
  pendingLabel: string;
  isSubmitting: boolean;
  isDisabled?: boolean;
  isDanger?: boolean;
  cancelLabel?: string;
  onCancel?: () => void;
  /** Buttons at the end (a dialog's): cancel first, then submit. */
  isEnd?: boolean;
  children?: ReactNode;
}) {
  const submit = (
    <button type="submit" className={isDanger ? 'btn btn--danger' : 'btn btn--primary'} disabled={isSubmitting || isDisabled}>
      {isSubmitting ? pendingLabel : submitLabel}
    </button>
  );
  const cancel = onCancel ? (
    <button type="button" className="btn" onClick={onCancel}>
      {cancelLabel}
    </button>
  ) : null;
  return (
    <div className={isEnd ? styles.dialogActions : styles.formActions}>
      {isEnd ? cancel : submit}
      {isEnd ? submit : cancel}
      {children}
    </div>
  );
}

type Variant = 'card' | 'subform' | 'plain';
const VARIANT_CLASS: Record<Variant, string> = { card: 'card stack', subform: `stack ${styles.subform}`, plain: 'stack' };

/** What a form panel needs of `useApiForm`'s result. */
export interface PanelForm {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  form: { formState: { isSubmitting: boolean; isDirty: boolean } };
}

/**
 * A form that submits to the API (`api`, from useApiForm), as a card, a part of a card under a
 * rule (`subform`) or bare in a dialog (`plain`, its buttons at the end, Cancel first): its heading
 * (or `ariaLabel` without one), the fields (`children`), the failure of the whole submission, then
 * the submit button (disabled until something changed with `isDirtyOnly`), Cancel with `onCancel`,
 * and `extraActions`; `actions` replaces those buttons (null: the fields hold the submit button).
 */
export function FormPanel({
  api,
  variant = 'card',
  heading,
  ariaLabel,
  submitLabel = '',
  pendingLabel = '',
  isDirtyOnly = false,
  isDanger = false,
  cancelLabel,
  onCancel,
  extraActions,
  actions,
  testId,
  className,
  isBusy,
  children,
}: {
  api: PanelForm;
  variant?: Variant;
  heading?: HeadingProps;
  ariaLabel?: string;
  submitLabel?: string;
  pendingLabel?: string;
  isDirtyOnly?: boolean;
  isDanger?: boolean;
  cancelLabel?: string;
  onCancel?: () => void;
  extraActions?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  className?: string;
  isBusy?: boolean;
  children: ReactNode;
}) {
  const { isSubmitting, isDirty } = api.form.formState;
  return (
    <form
      onSubmit={api.onSubmit}
      noValidate
      className={[VARIANT_CLASS[variant], className].filter(Boolean).join(' ')}
      aria-labelledby={heading?.headingId}
      aria-label={ariaLabel}
      aria-busy={isBusy}
      data-testid={testId}
    >
      {heading ? <PanelHeading {...heading} /> : null}
      {children}
      <FormFailure message={api.failure} />
      {actions !== undefined ? (
        actions
      ) : (
        <FormActions
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          isSubmitting={isSubmitting}
          isDisabled={isDirtyOnly && !isDirty}
          isDanger={isDanger}
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          isEnd={variant === 'plain'}
        >
          {extraActions}
        </FormActions>
      )}
    </form>
  );
}

import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** What a field's control needs to be labelled and to announce its hint and error. */
export interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and error, tied together for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  labelClassName,
  errorTestId,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  labelClassName?: string;
  errorTestId?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select's options ([value, text]), after one for "none" or "any" (value '') when `emptyLabel` is given. */
export function Options({ options, emptyLabel }: { options: readonly (readonly [string, string])[]; emptyLabel?: string }) {
  return (
    <>
      {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </>
  );
}

/** A labelled <select> of `options` ([value, text]), after an "any" option (value '') when `anyLabel` is given. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  anyLabel,
  className,
}: {
  id: string;
  label: ReactNode;
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly (readonly [V, string])[];
  anyLabel?: string;
  className?: string;
}) {
  return (
    <Field id={id} label={label} className={className}>
      {(aria) => (
        <select {...aria} className="select" value={value} onChange={(event) => onChange(event.target.value as V | '')}>
          <Options options={options} emptyLabel={anyLabel} />
        </select>
      )}
    </Field>
  );
}

/** A list's search box, growing to the filter row's free width. */
export function SearchField({ id, label, value, onChange, placeholder }: { id: string; label: ReactNode; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <Field id={id} label={label} className={styles.grow}>
      {(aria) => <input {...aria} type="search" className="input" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

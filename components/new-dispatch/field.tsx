'use client';

import type { ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/** What a field's control needs to be labelled and to announce its hint and error. */
export interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A DOM id for a form path (`user_metadata.email` → `nd-user_metadata-email`). */
export function fieldId(name: string): string {
  return `nd-${name.replace(/[^\w-]/g, '-')}`;
}

/**
 * The message of the error at a form path, if any. `notANumber` replaces zod's wording for an
 * empty or non-numeric number input ("expected number, received undefined").
 */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, name: string, notANumber?: string): string | undefined {
  const error = get(errors, name) as { message?: unknown; type?: unknown } | undefined;
  if (notANumber && error?.type === 'invalid_type') return notANumber;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

/** A labelled control with its hint and error, tied together for assistive technology. */
export function Field({
  name,
  label,
  hint,
  error,
  className,
  labelClassName,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  labelClassName?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const id = fieldId(name);
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
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Empty text inputs mean "not given" (the API's optional fields), not an empty string. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A number input's value as a number; empty means "not given". */
export function numberOrUndefined(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value);
}

'use client';

import type { ComponentProps } from 'react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

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

/** Empty text inputs mean "not given" (the API's optional fields), not an empty string. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A number input's value as a number; empty means "not given". */
export function numberOrUndefined(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * A number input of the form, its digits left to right in either language: any decimal, or with
 * `whole` a count (the numeric keypad, steps of 1). Register it with `numberOrUndefined`.
 */
export function NumberInput({ whole = false, ...props }: ComponentProps<'input'> & { whole?: boolean }) {
  return <input type="number" inputMode={whole ? 'numeric' : 'decimal'} step={whole ? 1 : 'any'} dir="ltr" className="input" {...props} />;
}

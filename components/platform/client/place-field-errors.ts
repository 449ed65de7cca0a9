import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { fieldErrorsOf } from '@/components/platform/client/field-errors';

/**
 * Shows a refused request's (400) per-field messages beside the form's `fields` that it names,
 * focusing the first of them. False when it names none of them (or the request failed another
 * way): the caller then shows the error as a whole.
 */
export function placeFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  const messages = error instanceof ApiClientError && error.status === 400 ? fieldErrorsOf(error.message) : {};
  let isPlaced = false;
  for (const field of fields) {
    const message = messages[field];
    if (!message) continue;
    setError(field, { message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}

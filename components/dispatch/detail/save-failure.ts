import type { QueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { fieldErrorsOf } from '@/components/platform/client/field-errors';
import { dispatchDetailKeys } from './queries';

/** Why a card's change did not land: the dispatch moved on meanwhile (a 409), or another error. */
export type SaveFailure = { kind: 'conflict' } | { kind: 'error'; detail: string };

/**
 * What a card of the dispatch page makes of a failed change. A 409 means the dispatch moved on
 * meanwhile: it is read again, so the explanation names its state now. A 400 whose messages name
 * the form's fields lands on those fields (`null`: nothing more to show). Anything else is shown
 * with `detail`.
 */
export async function saveFailureOf<T extends FieldValues>(
  error: Error,
  {
    queryClient,
    dispatchId,
    detail,
    form,
  }: {
    queryClient: QueryClient;
    dispatchId: string;
    detail: string;
    /** The card's form and the fields the server may name. */
    form?: { form: UseFormReturn<T>; fields: readonly Path<T>[] };
  },
): Promise<SaveFailure | null> {
  if (error instanceof ApiClientError && error.status === 409) {
    await queryClient.invalidateQueries({ queryKey: dispatchDetailKeys.dispatch(dispatchId) });
    return { kind: 'conflict' };
  }
  if (form && error instanceof ApiClientError && error.status === 400) {
    const messages = fieldErrorsOf(error.message);
    let isShownOnField = false;
    for (const name of form.fields) {
      const message = messages[name];
      if (message) {
        form.form.setError(name, { message });
        isShownOnField = true;
      }
    }
    if (isShownOnField) return null;
  }
  return { kind: 'error', detail };
}

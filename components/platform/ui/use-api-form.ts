'use client';

import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { placeFieldErrors } from '@/components/platform/client/place-field-errors';
import { errorText, type QueryErrorText } from './query-error';

/**
 * A react-hook-form form that submits to the API: `submit` runs on valid values; when it throws, a
 * refusal naming one of `fields` lands on that field and any other failure on the form as a whole
 * (`failure`, for <FormFailure> or <FormPanel>). `Out` is what the resolver makes of the values.
 */
export function useApiForm<T extends FieldValues, Out extends FieldValues = T>({
  fields,
  common,
  submit,
  ...options
}: UseFormProps<T, unknown, Out> & {
  fields: readonly Path<T>[];
  common: QueryErrorText;
  submit: (values: Out, form: UseFormReturn<T, unknown, Out>) => Promise<unknown>;
}) {
  const form = useForm<T, unknown, Out>(options);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await submit(values, form);
    } catch (error) {
      if (!placeFieldErrors(error, fields, form.setError)) setFailure(errorText(error, common));
    }
  });
  return { form, onSubmit, failure, setFailure };
}

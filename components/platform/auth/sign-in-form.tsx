'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/platform/ui/field';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { safeNextPath } from '@/lib/platform/shared/auth/safe-next';
import { SignInBodySchema, type SignInBody, type SessionUser } from '@/lib/platform/shared/auth/schemas';
import { ApiClientError, apiFetch } from '@/components/platform/client/api-fetch';
import { finishSignOut } from '@/components/platform/shell/pending-sign-out';
import type { AuthText } from '@/components/platform/i18n/messages/auth';

export function SignInForm({ t, next, notice }: { t: AuthText; next: string | null; notice?: string }) {
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInBody>({ resolver: localizedZodResolver(SignInBodySchema) });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    // A sign-out left pending on this browser (no connection then) ends first: otherwise it
    // would end this new session instead, and the earlier one would live on.
    if ((await finishSignOut()) === 'waiting') return setFailure(t.earlierSignOutWaiting);
    try {
      const { data: user } = await apiFetch<{ data: SessionUser }>('/api/session', { method: 'POST', body: input });
      // A full page load, so the dashboard starts with no data cached from a previous sign-in.
      window.location.assign(safeNextPath({ next, role: user.role, origin: window.location.origin }));
    } catch (error) {
      setFailure(error instanceof ApiClientError ? error.message : String(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      {failure && (
        <p role="alert" className="alert alert--error" data-testid="sign-in-error">
          {failure}
        </p>
      )}
      <Field id="email" label={t.email} error={errors.email?.message}>
        {(aria) => <input {...aria} type="email" autoComplete="username" className="input" {...register('email')} />}
      </Field>
      <Field id="password" label={t.password} error={errors.password?.message}>
        {(aria) => <input {...aria} type="password" autoComplete="current-password" className="input" {...register('password')} />}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
        {isSubmitting ? t.submitting : t.submit}
      </button>
    </form>
  );
}

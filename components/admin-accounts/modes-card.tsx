'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountModesSchema, type AccountDetail, type AccountModes } from '@/lib/accounts/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import styles from '@/components/admin-fleet/console.module.css';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { errorText } from '@/components/ui/query-error';
import { useToast } from '@/components/ui/toast';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountApi } from './queries';

/** Auto-assign, sandbox and the sandbox's speed, through the ops API's modes operation. */
export function ModesCard({ accountId, account, t, common }: AccountCardProps & { account: AccountDetail }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AccountModes>({
    resolver: localizedZodResolver(AccountModesSchema),
    values: { auto_assign: account.auto_assign, sandbox: account.sandbox, sandbox_speed_kmh: account.sandbox_speed_kmh },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await accountApi.updateModes(accountId, values);
      reset(saved);
      queryClient.setQueryData(accountKeys.detail(accountId), (current: AccountDetail | undefined) => current && { ...current, ...saved });
      toast(t.savedModesToast, 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    } catch (error) {
      if (!placeFieldErrors(error, ['sandbox_speed_kmh'], setError)) setFailure(errorText(error, common));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card stack" aria-labelledby="modes-heading" data-testid="account-modes">
      <div>
        <h2 id="modes-heading">{t.modesHeading}</h2>
        <p className="muted">{t.modesIntro}</p>
      </div>
      <label className={styles.check}>
        <input type="checkbox" {...register('auto_assign')} />
        {t.autoAssign}
      </label>
      <label className={styles.check}>
        <input type="checkbox" {...register('sandbox')} />
        {t.sandbox}
      </label>
      <Field id="sandbox-speed" label={t.sandboxSpeed} hint={t.sandboxSpeedHint} error={errors.sandbox_speed_kmh?.message}>
        {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={5} max={5000} step={1} {...register('sandbox_speed_kmh', { valueAsNumber: true })} />}
      </Field>
      <FormFailure message={failure} />
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? t.saving : t.saveModes}
        </button>
      </div>
    </form>
  );
}

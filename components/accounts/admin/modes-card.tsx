'use client';

import { useQueryClient } from '@tanstack/react-query';
import { AccountModesSchema, type AccountDetail, type AccountModes } from '@/lib/accounts/shared/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { Field } from '@/components/platform/ui/field';
import { FormPanel } from '@/components/platform/ui/panel';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountApi } from './queries';

/** Auto-assign, sandbox and the sandbox's speed, through the ops API's modes operation. */
export function ModesCard({ accountId, account, t, common }: AccountCardProps & { account: AccountDetail }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useApiForm<AccountModes>({
    resolver: localizedZodResolver(AccountModesSchema),
    values: { auto_assign: account.auto_assign, sandbox: account.sandbox, sandbox_speed_kmh: account.sandbox_speed_kmh },
    fields: ['sandbox_speed_kmh'],
    common,
    submit: async (values, { reset }) => {
      const saved = await accountApi.updateModes(accountId, values);
      reset(saved);
      queryClient.setQueryData(accountKeys.detail(accountId), (current: AccountDetail | undefined) => current && { ...current, ...saved });
      toast(t.savedModesToast, 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
  const { form } = api;
  const { register } = form;
  const { errors } = form.formState;

  return (
    <FormPanel api={api} heading={{ headingId: 'modes-heading', title: t.modesHeading, intro: t.modesIntro }} testId="account-modes" submitLabel={t.saveModes} pendingLabel={t.saving} isDirtyOnly>
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
    </FormPanel>
  );
}

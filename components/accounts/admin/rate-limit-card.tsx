'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { UpdateRateLimitBodySchema, type AccountDetail, type AccountRateLimit } from '@/lib/accounts/shared/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { format } from '@/components/platform/i18n/messages';
import { Field } from '@/components/platform/ui/field';
import { FormPanel } from '@/components/platform/ui/panel';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountApi } from './queries';

/** The API's fields as numbers (the form's "default" box stands for their nulls). */
const RateLimitFormSchema = z.object({
  is_default: z.boolean(),
  per_second: UpdateRateLimitBodySchema.shape.per_second.unwrap(),
  burst: UpdateRateLimitBodySchema.shape.burst.unwrap(),
});
type RateLimitForm = z.infer<typeof RateLimitFormSchema>;

function toForm(limit: AccountRateLimit): RateLimitForm {
  return { is_default: limit.is_default, per_second: limit.per_second, burst: limit.burst };
}

/** The account's API rate limit (ops API: PUT /api/ops/accounts/{id}/rate-limit): its own, or the server's default. */
export function RateLimitCard({ accountId, account, t, common }: AccountCardProps & { account: AccountDetail }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useApiForm<RateLimitForm>({
    resolver: localizedZodResolver(RateLimitFormSchema),
    values: toForm(account.rate_limit),
    fields: ['per_second', 'burst'],
    common,
    submit: async (values, { reset, setError }) => {
      if (!values.is_default && (values.per_second === 0) !== (values.burst === 0)) {
        setError('burst', { message: t.rateLimitPairing }, { shouldFocus: true });
        return;
      }
      const saved = await accountApi.updateRateLimit(
        accountId,
        values.is_default ? { per_second: null, burst: null } : { per_second: values.per_second, burst: values.burst },
      );
      reset(toForm(saved));
      queryClient.setQueryData(accountKeys.detail(accountId), (current: AccountDetail | undefined) => current && { ...current, rate_limit: saved });
      toast(t.savedRateLimitToast, 'success');
    },
  });
  const { form } = api;
  const { register, control } = form;
  const { errors } = form.formState;
  const isDefault = useWatch({ control, name: 'is_default' });
  const limit = account.rate_limit;
  const source = limit.is_default ? t.rateLimitSourceDefault : t.rateLimitSourceAccount;

  return (
    <FormPanel
      api={api}
      heading={{ headingId: 'rate-limit-heading', title: t.rateLimitHeading, intro: t.rateLimitIntro }}
      testId="account-rate-limit"
      submitLabel={t.saveRateLimit}
      pendingLabel={t.saving}
      isDirtyOnly
    >
      <p className="muted" data-testid="rate-limit-summary">
        {limit.per_second > 0 ? format(t.rateLimitSummary, { perSecond: limit.per_second, burst: limit.burst, source }) : format(t.rateLimitNone, { source })}
      </p>
      <label className={styles.check}>
        <input type="checkbox" {...register('is_default')} />
        {t.rateLimitUseDefault}
      </label>
      <div className="grid-2">
        <Field id="rate-limit-per-second" label={t.rateLimitPerSecond} hint={t.rateLimitHint} error={errors.per_second?.message}>
          {(aria) => (
            <input {...aria} className="input" type="number" inputMode="numeric" min={0} step={1} readOnly={isDefault} {...register('per_second', { valueAsNumber: true })} />
          )}
        </Field>
        <Field id="rate-limit-burst" label={t.rateLimitBurst} error={errors.burst?.message}>
          {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={0} step={1} readOnly={isDefault} {...register('burst', { valueAsNumber: true })} />}
        </Field>
      </div>
    </FormPanel>
  );
}

'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AccountProofOfDeliverySchema, PROOF_OF_DELIVERY_KINDS, type AccountProofOfDelivery } from '@/lib/accounts/shared/proof-of-delivery-schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { FormPanel } from '@/components/platform/ui/panel';
import { QueryError } from '@/components/platform/ui/query-error';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import type { AccountCardProps } from './account-detail';
import { accountApi, accountKeys, accountQueries } from './queries';

/** What the account's drivers must capture before delivering (ops API: PUT /api/ops/accounts/{id}/proof-of-delivery). */
export function ProofOfDeliveryCard({ accountId, t, common }: AccountCardProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const proof = useQuery(accountQueries.proof(accountId));
  const api = useApiForm<AccountProofOfDelivery>({
    resolver: localizedZodResolver(AccountProofOfDeliverySchema),
    values: proof.data,
    fields: ['proof_of_delivery'],
    common,
    submit: async (values, { reset }) => {
      const saved = await accountApi.updateProofOfDelivery(accountId, values);
      reset(saved);
      queryClient.setQueryData(accountKeys.proof(accountId), saved);
      toast(t.savedProofToast, 'success');
    },
  });
  const { register } = api.form;
  const error = api.form.formState.errors.proof_of_delivery?.message;

  return (
    <FormPanel
      api={api}
      heading={{ headingId: 'proof-heading', title: t.proofHeading, intro: t.proofIntro }}
      testId="account-proof-of-delivery"
      submitLabel={t.saveProof}
      pendingLabel={t.saving}
      isDirtyOnly
    >
      {proof.isError ? <QueryError error={proof.error} onRetry={() => void proof.refetch()} common={common} /> : null}
      <fieldset className="field" disabled={!proof.data} aria-describedby={error ? 'proof-error' : undefined}>
        <legend className="field__label">{t.proofLegend}</legend>
        {PROOF_OF_DELIVERY_KINDS.map((kind) => (
          <label key={kind} className={styles.check} data-proof={kind}>
            <input type="radio" value={kind} {...register('proof_of_delivery')} />
            <span>
              {t[`proof_${kind}`]} <span className="muted">— {t[`proof_${kind}_hint`]}</span>
            </span>
          </label>
        ))}
        {error ? (
          <p id="proof-error" className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </FormPanel>
  );
}

'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateApiKeyBodySchema, type ApiKeyView, type CreateApiKeyBody, type CreatedApiKeyView } from '@/lib/accounts/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { formatDateTime } from '@/lib/i18n/format-time';
import { format } from '@/lib/i18n/messages';
import styles from '@/components/admin-fleet/console.module.css';
import { ConfirmDialog, Dialog } from '@/components/settings/dialog';
import { Field } from '@/components/ui/field';
import { QueryError, errorText } from '@/components/ui/query-error';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import type { AccountCardProps } from './account-detail';
import { Secret } from './accounts-page';
import { accountKeys, accountQueries, accountApi } from './queries';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { FormFailure } from '@/components/ui/form-failure';

const COLUMNS = 4;

/** The account's API keys: prefixes, create (the key shown once), revoke after a confirmation. */
export function AccountKeysCard({ accountId, t, common, locale }: AccountCardProps) {
  const keys = useQuery(accountQueries.keys(accountId));
  const queryClient = useQueryClient();
  const toast = useToast();
  const isHydrated = useIsHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [isRevokeOpen, setRevokeOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => accountApi.revokeKey(accountId, key.id),
    onSuccess: (_, key) => {
      setRevokeOpen(false);
      toast(format(t.revokedToast, { name: key.name }), 'success');
      return queryClient.invalidateQueries({ queryKey: accountKeys.keys(accountId) });
    },
  });

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyBody>({ resolver: localizedZodResolver(CreateApiKeyBodySchema), defaultValues: { name: '' } });
  const onSubmit = handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      const key = await accountApi.createKey(accountId, name);
      reset();
      setCreated(key);
      await queryClient.invalidateQueries({ queryKey: accountKeys.keys(accountId) });
    } catch (error) {
      if (!placeFieldErrors(error, ['name'], setError)) setFailure(errorText(error, common));
    }
  });

  return (
    <section aria-labelledby="account-keys-heading" className="card stack" data-testid="account-keys">
      <h2 id="account-keys-heading" ref={headingRef} tabIndex={-1}>
        {t.keysHeading}
      </h2>
      {keys.isError ? <QueryError error={keys.error} onRetry={() => keys.refetch()} common={common} /> : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.keyName}</th>
              <th scope="col">{t.keyPrefix}</th>
              <th scope="col">{t.keyStatus}</th>
              <th scope="col">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.isPending ? <SkeletonRows rows={2} columns={COLUMNS} cellClassName={styles.skeletonText} /> : null}
            {keys.isSuccess && keys.data.length === 0 ? <EmptyRow columns={COLUMNS}>{t.keysEmpty}</EmptyRow> : null}
            {keys.data?.map((key) => (
              <tr key={key.id} data-testid="account-key-row">
                <td>
                  <div>{key.name}</div>
                  <div className="muted">{isHydrated ? formatDateTime(key.created_at, locale) : null}</div>
                </td>
                <td className="mono">
                  <bdi>{key.prefix}…</bdi>
                </td>
                <td>{key.revoked_at ? <span className="badge">{t.keyRevoked}</span> : <span className="badge badge--success">{t.keyActive}</span>}</td>
                <td className={styles.cellEnd}>
                  {key.revoked_at ? null : (
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={`${t.revoke} — ${key.name}`}
                      onClick={() => {
                        revoke.reset();
                        setRevoking(key);
                        setRevokeOpen(true);
                      }}
                    >
                      {t.revoke}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form onSubmit={onSubmit} noValidate className={`stack ${styles.subform}`} aria-label={t.createKey}>
        <Field id="account-key-name" label={t.newKeyName} error={errors.name?.message}>
          {(aria) => <input {...aria} className="input" autoComplete="off" {...register('name')} />}
        </Field>
        <FormFailure message={failure} />
        <div className={styles.formActions}>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t.creatingKey : t.createKey}
          </button>
        </div>
      </form>

      <Dialog isOpen={created !== null} onClose={() => setCreated(null)} title={t.newKeyTitle}>
        {created ? (
          <div className="stack">
            <p className="alert alert--warning">{t.newKeyOnce}</p>
            <Secret id="account-new-key" label={created.name} value={created.key} t={t} autoFocus />
            <div className={styles.dialogActions}>
              <button type="button" className="btn btn--primary" onClick={() => setCreated(null)}>
                {t.done}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>

      <ConfirmDialog
        isOpen={isRevokeOpen}
        onClose={() => setRevokeOpen(false)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        title={format(t.revokeTitle, { name: revoking?.name ?? '' })}
        body={<p>{t.revokeBody}</p>}
        confirmLabel={t.revoke}
        pendingLabel={t.revoking}
        cancelLabel={common.cancel}
        isPending={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error, common) : null}
        isDestructive
        fallbackFocusRef={headingRef}
      />
    </section>
  );
}

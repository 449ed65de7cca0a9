'use client';

import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CreatedApiKeyView } from '@/lib/accounts/schemas';
import { formatDateTime } from '@/lib/i18n/format-time';
import styles from '@/components/admin-fleet/console.module.css';
import { Dialog } from '@/components/settings/dialog';
import { RevokeKeyButton, useCreateKeyForm, useRevokeKey } from '@/components/settings/api-key-actions';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { QueryError } from '@/components/ui/query-error';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import type { AccountCardProps } from './account-detail';
import { Secret } from './accounts-page';
import { accountKeys, accountQueries, accountApi } from './queries';

const COLUMNS = 4;

/** The account's API keys: prefixes, create (the key shown once), revoke after a confirmation. */
export function AccountKeysCard({ accountId, t, common, locale }: AccountCardProps) {
  const keys = useQuery(accountQueries.keys(accountId));
  const isHydrated = useIsHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  const revokeKey = useRevokeKey({
    revokeKey: (key) => accountApi.revokeKey(accountId, key.id),
    queryKey: accountKeys.keys(accountId),
    t,
    common,
    fallbackFocusRef: headingRef,
  });

  const { register, errors, isSubmitting, onSubmit, failure } = useCreateKeyForm({
    createKey: (name) => accountApi.createKey(accountId, name),
    queryKey: accountKeys.keys(accountId),
    common,
    onCreated: setCreated,
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
            <PendingOrEmptyRows isPending={keys.isPending} isEmpty={keys.isSuccess && keys.data.length === 0} rows={2} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.keysEmpty} />
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
                  <RevokeKeyButton apiKey={key} t={t} onRevoke={revokeKey.ask} />
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

      {revokeKey.dialog}
    </section>
  );
}

'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateAccountBodySchema } from '@/lib/accounts/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { AdminAccountsText } from '@/lib/i18n/messages/admin-accounts';
import type { CommonText } from '@/lib/i18n/messages/common';
import { useDebouncedValue } from '@/components/dispatch-detail/use-debounced-value';
import { Pager } from '@/components/admin-fleet/pager';
import { useCursorPages } from '@/components/admin-fleet/use-cursor-pages';
import styles from '@/components/admin-fleet/console.module.css';
import { CopyButton } from '@/components/settings/copy-button';
import { Dialog } from '@/components/settings/dialog';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { QueryError, errorText } from '@/components/ui/query-error';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { accountKeys, accountQueries, accountApi, type CreatedAccount } from './queries';

const COLUMNS = 3;

interface Props {
  t: AdminAccountsText;
  common: CommonText;
  locale: Locale;
}

/** The list's ISO time in the API's timestamp shape, which the date formatters read. */
export function isoToApiTimestamp(iso: string): string {
  return iso.replace('T', ' ').replace(/Z$/, '');
}

/** Every account: search by name, page; create one (its key and secret shown once). */
export function AccountsPage({ t, common, locale }: Props) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const pages = useCursorPages(q);
  const accounts = useQuery(accountQueries.list({ q: q || undefined, cursor: pages.cursor }));
  const isHydrated = useIsHydrated();

  return (
    <div className={`${styles.layout} ${styles.page}`}>
      <section className="card stack" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading" className="sr-only">
          {t.accountsTitle}
        </h2>
        <search className={styles.filters}>
          <Field id="account-search" label={t.search} className={styles.grow}>
            {(aria) => <input {...aria} type="search" className="input" value={text} onChange={(event) => setText(event.target.value)} />}
          </Field>
        </search>
        {accounts.isError ? <QueryError error={accounts.error} onRetry={() => accounts.refetch()} common={common} /> : null}
        <div className="table-wrap">
          <table className="table" data-testid="accounts-table">
            <thead>
              <tr>
                <th scope="col">{t.colName}</th>
                <th scope="col">{t.colModes}</th>
                <th scope="col">{t.colCreated}</th>
              </tr>
            </thead>
            <tbody>
              <PendingOrEmptyRows isPending={accounts.isPending} isEmpty={accounts.isSuccess && accounts.data.data.length === 0} rows={5} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.accountsEmpty} />
              {accounts.data?.data.map((account) => (
                <tr key={account.id} data-testid="account-row">
                  <td>
                    <Link href={`/admin/accounts/${encodeURIComponent(account.id)}`}>
                      <bdi>{account.name}</bdi>
                    </Link>
                  </td>
                  <td>
                    <div className={styles.badges}>
                      {account.sandbox ? <span className="badge badge--warning">{t.sandboxBadge}</span> : null}
                      {account.auto_assign ? <span className="badge badge--active">{t.autoAssignBadge}</span> : null}
                      {!account.sandbox && !account.auto_assign ? <span className="muted">—</span> : null}
                    </div>
                  </td>
                  <td className={styles.nowrap}>{isHydrated ? formatDateTime(isoToApiTimestamp(account.created_at), locale) : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager hasPrevious={pages.hasPrevious} nextCursor={accounts.data?.next_cursor} onPrevious={pages.previous} onNext={pages.next} labels={t} />
      </section>
      <CreateAccountForm t={t} common={common} />
    </div>
  );
}

function CreateAccountForm({ t, common }: { t: AdminAccountsText; common: CommonText }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ resolver: localizedZodResolver(CreateAccountBodySchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      const account = await accountApi.create(name);
      reset();
      setCreated(account);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    } catch (error) {
      if (!placeFieldErrors(error, ['name'], setError)) setFailure(errorText(error, common));
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="card stack" aria-labelledby="new-account-heading" data-testid="new-account">
        <h2 id="new-account-heading">{t.newAccountHeading}</h2>
        <Field id="new-account-name" label={t.accountName} hint={t.accountNameHint} error={errors.name?.message}>
          {(aria) => <input {...aria} className="input" autoComplete="off" {...register('name')} />}
        </Field>
        <FormFailure message={failure} />
        <div className={styles.formActions}>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t.creatingAccount : t.createAccount}
          </button>
        </div>
      </form>
      <Dialog isOpen={created !== null} onClose={() => setCreated(null)} title={format(t.createdTitle, { name: created?.name ?? '' })}>
        {created ? <CreatedSecrets created={created} t={t} onDone={() => setCreated(null)} /> : null}
      </Dialog>
    </>
  );
}

/** The new account's API key and webhook secret, this once, each copyable. */
function CreatedSecrets({ created, t, onDone }: { created: CreatedAccount; t: AdminAccountsText; onDone: () => void }) {
  return (
    <div className="stack" data-testid="created-account">
      <p className="alert alert--warning">{t.createdOnce}</p>
      <Secret id="created-api-key" label={t.apiKey} value={created.api_key} t={t} autoFocus />
      <Secret id="created-webhook-secret" label={t.webhookSecret} value={created.webhook_secret} t={t} />
      <div className={styles.dialogActions}>
        <Link href={`/admin/accounts/${encodeURIComponent(created.id)}`} className="btn">
          {t.openAccount}
        </Link>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t.done}
        </button>
      </div>
    </div>
  );
}

export function Secret({ id, label, value, t, autoFocus }: { id: string; label: string; value: string; t: AdminAccountsText; autoFocus?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input mono"
        dir="ltr"
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={id}
        data-autofocus={autoFocus ? true : undefined}
      />
      <CopyButton value={value} labels={t} />
    </div>
  );
}

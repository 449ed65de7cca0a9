'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { CreateAccountBodySchema } from '@/lib/accounts/shared/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminAccountsText } from '@/components/platform/i18n/messages/admin-accounts';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';
import { Field, SearchField } from '@/components/platform/ui/field';
import { Pager } from '@/components/platform/ui/pager';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { SecretField, ShownOnceDialog } from '@/components/platform/ui/secret-field';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useCursorPages } from '@/components/platform/ui/use-cursor-pages';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import styles from '@/components/platform/ui/ui.module.css';
import { accountKeys, accountQueries, accountApi, type CreatedAccount } from './queries';

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
      <Panel headingId="accounts-heading" title={t.accountsTitle} isTitleHidden>
        <search className={styles.filters}>
          <SearchField id="account-search" label={t.search} value={text} onChange={setText} />
        </search>
        <QueryTable
          query={accounts}
          rowCount={accounts.data?.data.length}
          columns={[t.colName, t.colModes, t.colCreated]}
          empty={t.accountsEmpty}
          common={common}
          skeletonRows={5}
          testId="accounts-table"
        >
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
        </QueryTable>
        <Pager hasPrevious={pages.hasPrevious} nextCursor={accounts.data?.next_cursor} onPrevious={pages.previous} onNext={pages.next} common={common} />
      </Panel>
      <CreateAccountForm t={t} common={common} />
    </div>
  );
}

function CreateAccountForm({ t, common }: { t: AdminAccountsText; common: CommonText }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const api = useApiForm<{ name: string }>({
    resolver: localizedZodResolver(CreateAccountBodySchema),
    defaultValues: { name: '' },
    fields: ['name'],
    common,
    submit: async ({ name }, { reset }) => {
      const account = await accountApi.create(name);
      reset();
      setCreated(account);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
  const { form } = api;
  const { errors } = form.formState;

  return (
    <>
      <FormPanel api={api} heading={{ headingId: 'new-account-heading', title: t.newAccountHeading }} testId="new-account" submitLabel={t.createAccount} pendingLabel={t.creatingAccount}>
        <Field id="new-account-name" label={t.accountName} hint={t.accountNameHint} error={errors.name?.message}>
          {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
        </Field>
      </FormPanel>
      <ShownOnceDialog
        isOpen={created !== null}
        onClose={() => setCreated(null)}
        title={format(t.createdTitle, { name: created?.name ?? '' })}
        warning={t.createdOnce}
        doneLabel={t.done}
        testId="created-account"
        actions={
          created ? (
            <Link href={`/admin/accounts/${encodeURIComponent(created.id)}`} className="btn">
              {t.openAccount}
            </Link>
          ) : null
        }
      >
        {created ? (
          <>
            <SecretField id="created-api-key" label={t.apiKey} value={created.api_key} copyText={t} isAutoFocus />
            <SecretField id="created-webhook-secret" label={t.webhookSecret} value={created.webhook_secret} copyText={t} />
          </>
        ) : null}
      </ShownOnceDialog>
    </>
  );
}

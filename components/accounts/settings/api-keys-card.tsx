'use client';

import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CreateApiKeyBodySchema, type ApiKeyView, type CreateApiKeyBody, type CreatedApiKeyView } from '@/lib/accounts/shared/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { Field } from '@/components/platform/ui/field';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { SecretField, ShownOnceDialog } from '@/components/platform/ui/secret-field';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useConfirmedAction } from '@/components/platform/ui/use-confirmed-action';
import { useToast } from '@/components/platform/ui/toast';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import styles from '@/components/platform/ui/ui.module.css';

// An account's API keys — listed, created (the key shown once), revoked after a confirmation —
// the same on the account's settings page and on the console's account page, each with its own
// routes and words.

/** The words of the keys' card (the settings' and the console's messages both have them). */
export type ApiKeysText = Pick<
  SettingsText,
  | 'keysHeading'
  | 'keyName'
  | 'keyPrefix'
  | 'keyCreated'
  | 'keyStatus'
  | 'keyActive'
  | 'keyRevoked'
  | 'keysEmpty'
  | 'colActions'
  | 'createKeyHeading'
  | 'createKeyName'
  | 'createKeyHint'
  | 'createKey'
  | 'creatingKey'
  | 'createdKeyToast'
  | 'newKeyTitle'
  | 'newKeyOnce'
  | 'newKeyLabel'
  | 'newKeyDone'
  | 'revoke'
  | 'revoking'
  | 'revokeTitle'
  | 'revokeBody'
  | 'revokedToast'
  | 'copy'
  | 'copied'
  | 'copyFailed'
> & { keysIntro?: string };

interface Props<K extends QueryKey> {
  /** Names the ids and test ids: `{idPrefix}-keys`, `{idPrefix}-key-row`, `new-{idPrefix}-key`. */
  idPrefix: string;
  /** The keys' query (its key is read again after a change). */
  keysQuery: UseQueryOptions<ApiKeyView[], Error, ApiKeyView[], K> & { queryKey: K };
  createKey: (name: string) => Promise<CreatedApiKeyView>;
  revokeKey: (key: ApiKeyView) => Promise<unknown>;
  t: ApiKeysText;
  common: CommonText;
  locale: Locale;
  /** In half a row (the console): the creation time under the name instead of a column of its own. */
  isCompact?: boolean;
}

/** The account's API keys: list, create (the key shown once), revoke after a confirmation. */
export function ApiKeysCard<K extends QueryKey>({ idPrefix, keysQuery, createKey, revokeKey, t, common, locale, isCompact = false }: Props<K>) {
  const keys = useQuery(keysQuery);
  const queryClient = useQueryClient();
  const toast = useToast();
  const isHydrated = useIsHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  const time = (value: string) => (isHydrated ? formatDateTime(value, locale) : '');

  const revoke = useConfirmedAction({
    action: revokeKey,
    onSuccess: (_, key) => {
      toast(format(t.revokedToast, { name: key.name }), 'success');
      return queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
    },
    text: (key) => ({ title: format(t.revokeTitle, { name: key?.name ?? '' }), body: <p>{t.revokeBody}</p>, confirmLabel: t.revoke, pendingLabel: t.revoking }),
    common,
    fallbackFocusRef: headingRef,
  });

  const api = useApiForm<CreateApiKeyBody>({
    resolver: localizedZodResolver(CreateApiKeyBodySchema),
    defaultValues: { name: '' },
    fields: ['name'],
    common,
    submit: async ({ name }, { reset }) => {
      const key = await createKey(name);
      reset();
      setCreated(key);
      toast(format(t.createdKeyToast, { name: key.name }), 'success');
      await queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
    },
  });
  const { form } = api;
  const nameError = form.formState.errors.name?.message;

  return (
    <Panel headingId={`${idPrefix}-keys-heading`} title={t.keysHeading} intro={t.keysIntro} headingRef={headingRef} testId={`${idPrefix}-keys`}>
      <div className="stack phone-rows">
        <QueryTable query={keys} rowCount={keys.data?.length} columns={isCompact ? [t.keyName, t.keyPrefix, t.keyStatus] : [t.keyName, t.keyPrefix, t.keyCreated, t.keyStatus]} actionsLabel={t.colActions} empty={t.keysEmpty} common={common}>
          {keys.data?.map((key) => (
            <tr key={key.id} data-testid={`${idPrefix}-key-row`}>
              <td>
                <div>{key.name}</div>
                {isCompact ? <div className="muted">{time(key.created_at)}</div> : null}
              </td>
              <td className="mono">
                <bdi>{key.prefix}…</bdi>
              </td>
              {isCompact ? null : <td className={styles.nowrap}>{time(key.created_at)}</td>}
              <td>
                {key.revoked_at ? (
                  <span className="badge">{format(t.keyRevoked, { time: time(key.revoked_at) })}</span>
                ) : (
                  <span className="badge badge--success">{t.keyActive}</span>
                )}
              </td>
              <td className={styles.cellEnd}>
                {key.revoked_at ? null : (
                  <button type="button" className="btn btn--small btn--danger" aria-label={`${t.revoke} — ${key.name}`} onClick={() => revoke.ask(key)}>
                    {t.revoke}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </QueryTable>
      </div>

      <FormPanel api={api} variant="subform" heading={{ headingId: `${idPrefix}-create-key-heading`, title: t.createKeyHeading, level: 3 }} actions={null}>
        <Field id={`${idPrefix}-key-name`} label={t.createKeyName} hint={t.createKeyHint} error={nameError}>
          {(aria) => (
            <div className={styles.inputRow}>
              <input {...aria} className="input" autoComplete="off" {...form.register('name')} />
              <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t.creatingKey : t.createKey}
              </button>
            </div>
          )}
        </Field>
      </FormPanel>

      <ShownOnceDialog isOpen={created !== null} onClose={() => setCreated(null)} title={t.newKeyTitle} warning={t.newKeyOnce} doneLabel={t.newKeyDone}>
        {created ? <SecretField id={`new-${idPrefix}-key`} label={format(t.newKeyLabel, { name: created.name })} value={created.key} copyText={t} isAutoFocus /> : null}
      </ShownOnceDialog>

      {revoke.dialog}
    </Panel>
  );
}

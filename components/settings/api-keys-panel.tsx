'use client';

import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CreatedApiKeyView } from '@/lib/accounts/schemas';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';
import { RevokeKeyButton, useCreateKeyForm, useRevokeKey } from './api-key-actions';
import { QueryError } from '@/components/ui/query-error';
import { apiKeyKeys, apiKeyQueries, settingsApi } from './queries';
import styles from './settings.module.css';
import { FormFailure } from '@/components/ui/form-failure';

const COLUMNS = 5;

interface Props {
  t: SettingsText;
  common: CommonText;
  locale: Locale;
}

/** The account's API keys: list, create (the key shown once), revoke after a confirmation. */
export function ApiKeysPanel({ t, common, locale }: Props) {
  const keys = useQuery(apiKeyQueries.list());
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const revokeKey = useRevokeKey({ revokeKey: (key) => settingsApi.revokeApiKey(key.id), queryKey: apiKeyKeys.all, t, common, fallbackFocusRef: headingRef });

  return (
    <section aria-labelledby="keys-heading" className="card stack" data-testid="api-keys">
      <h2 id="keys-heading" ref={headingRef} tabIndex={-1}>
        {t.keysHeading}
      </h2>
      <p className="muted">{t.keysIntro}</p>

      {keys.isError ? <QueryError error={keys.error} onRetry={() => keys.refetch()} common={common} /> : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.keyName}</th>
              <th scope="col">{t.keyPrefix}</th>
              <th scope="col">{t.keyCreated}</th>
              <th scope="col">{t.keyStatus}</th>
              <th scope="col">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <PendingOrEmptyRows isPending={keys.isPending} isEmpty={keys.isSuccess && keys.data.length === 0} rows={2} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.keysEmpty} />
            {keys.data?.map((key) => (
              <tr key={key.id} data-testid="api-key-row">
                <td>{key.name}</td>
                <td className="mono">
                  <bdi>{key.prefix}…</bdi>
                </td>
                <td className={styles.nowrap}>{formatDateTime(key.created_at, locale)}</td>
                <td>
                  {key.revoked_at ? (
                    <span className="badge">{format(t.keyRevoked, { time: formatDateTime(key.revoked_at, locale) })}</span>
                  ) : (
                    <span className="badge badge--success">{t.keyActive}</span>
                  )}
                </td>
                <td className={styles.cellEnd}>
                  <RevokeKeyButton apiKey={key} t={t} onRevoke={revokeKey.ask} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <CreateKeyForm t={t} common={common} onCreated={setCreated} />

      <Dialog isOpen={created !== null} onClose={() => setCreated(null)} title={t.newKeyTitle}>
        {created ? <NewKey created={created} t={t} onDone={() => setCreated(null)} /> : null}
      </Dialog>

      {revokeKey.dialog}
    </section>
  );
}

function CreateKeyForm({ t, common, onCreated }: { t: SettingsText; common: CommonText; onCreated: (key: CreatedApiKeyView) => void }) {
  const toast = useToast();
  const { register, errors, isSubmitting, onSubmit, failure } = useCreateKeyForm({
    createKey: (name) => settingsApi.createApiKey(name),
    queryKey: apiKeyKeys.all,
    common,
    onCreated: (key) => {
      onCreated(key);
      toast(format(t.createdKeyToast, { name: key.name }), 'success');
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className={`stack ${styles.subform}`} aria-labelledby="create-key-heading">
      <h3 id="create-key-heading">{t.createKeyHeading}</h3>
      <div className="field">
        <label htmlFor="key-name">{t.createKeyName}</label>
        <div className={styles.inputRow}>
          <input
            id="key-name"
            className="input"
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'key-name-hint key-name-error' : 'key-name-hint'}
            {...register('name')}
          />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t.creatingKey : t.createKey}
          </button>
        </div>
        <p id="key-name-hint" className="field__hint">
          {t.createKeyHint}
        </p>
        {errors.name ? (
          <p id="key-name-error" className="field__error">
            {errors.name.message}
          </p>
        ) : null}
      </div>
      <FormFailure message={failure} />
    </form>
  );
}

/** The new key, this once: selectable, copyable, and a plain warning that it will not be shown again. */
function NewKey({ created, t, onDone }: { created: CreatedApiKeyView; t: SettingsText; onDone: () => void }) {
  return (
    <div className="stack">
      <p className="alert alert--warning">{t.newKeyOnce}</p>
      <div className="field">
        <label htmlFor="new-api-key">{format(t.newKeyLabel, { name: created.name })}</label>
        <input
          id="new-api-key"
          className={`input mono ${styles.keyInput}`}
          readOnly
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="new-api-key"
          data-autofocus
        />
      </div>
      <div className={styles.dialogActions}>
        <CopyButton value={created.key} labels={t} />
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t.newKeyDone}
        </button>
      </div>
    </div>
  );
}

'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { CreateApiKeyBodySchema, type ApiKeyView, type CreateApiKeyBody, type CreatedApiKeyView } from '@/lib/accounts/schemas';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { CopyButton } from './copy-button';
import { ConfirmDialog, Dialog } from './dialog';
import { QueryError, errorText } from '@/components/ui/query-error';
import { apiKeyKeys, apiKeyQueries, settingsApi } from './queries';
import styles from './settings.module.css';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
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
  const queryClient = useQueryClient();
  const toast = useToast();
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  // The key being revoked stays set while its dialog closes, so the title does not flash empty.
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [isRevokeOpen, setRevokeOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => settingsApi.revokeApiKey(key.id),
    onSuccess: (_, key) => {
      setRevokeOpen(false);
      toast(format(t.revokedToast, { name: key.name }), 'success');
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });

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
            {keys.isPending ? <SkeletonRows rows={2} columns={COLUMNS} cellClassName={styles.skeletonText} /> : null}
            {keys.isSuccess && keys.data.length === 0 ? (
              <EmptyRow columns={COLUMNS}>{t.keysEmpty}</EmptyRow>
            ) : null}
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

      <CreateKeyForm t={t} common={common} onCreated={setCreated} />

      <Dialog isOpen={created !== null} onClose={() => setCreated(null)} title={t.newKeyTitle}>
        {created ? <NewKey created={created} t={t} onDone={() => setCreated(null)} /> : null}
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

function CreateKeyForm({ t, common, onCreated }: { t: SettingsText; common: CommonText; onCreated: (key: CreatedApiKeyView) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyBody>({ resolver: localizedZodResolver(CreateApiKeyBodySchema) });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFailure(null);
    let key: CreatedApiKeyView;
    try {
      key = await settingsApi.createApiKey(name);
    } catch (error) {
      if (!placeFieldErrors(error, ['name'], setError)) setFailure(errorText(error, common));
      return;
    }
    reset();
    onCreated(key);
    toast(format(t.createdKeyToast, { name: key.name }), 'success');
    await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
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

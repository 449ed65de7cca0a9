'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, type QueryErrorText } from '@/components/ui/query-error';
import { useToast } from '@/components/ui/toast';
import { CreateApiKeyBodySchema, type ApiKeyView, type CreateApiKeyBody, type CreatedApiKeyView } from '@/lib/accounts/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { ConfirmDialog } from './dialog';

// Creating an API key and revoking one after a confirmation, the same on the account's settings
// page and on the console's account page (each with its own route, words and layout).

type RevokeText = Pick<SettingsText, 'revoke' | 'revoking' | 'revokeTitle' | 'revokeBody' | 'revokedToast'>;

/** The row's button calls `ask(key)`; `dialog` is rendered once, in the keys' card. */
export function useRevokeKey({
  revokeKey,
  queryKey,
  t,
  common,
  fallbackFocusRef,
}: {
  revokeKey: (key: ApiKeyView) => Promise<unknown>;
  /** The keys' list, read again once a key is revoked. */
  queryKey: QueryKey;
  t: RevokeText;
  common: QueryErrorText & Pick<CommonText, 'cancel'>;
  /** Where focus goes when the dialog closes and the revoked key's button is gone. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // The key being revoked stays set while its dialog closes, so the title does not flash empty.
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [isOpen, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: revokeKey,
    onSuccess: (_, key) => {
      setOpen(false);
      toast(format(t.revokedToast, { name: key.name }), 'success');
      return queryClient.invalidateQueries({ queryKey });
    },
  });
  const ask = (key: ApiKeyView) => {
    revoke.reset();
    setRevoking(key);
    setOpen(true);
  };
  const dialog = (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={() => setOpen(false)}
      onConfirm={() => revoking && revoke.mutate(revoking)}
      title={format(t.revokeTitle, { name: revoking?.name ?? '' })}
      body={<p>{t.revokeBody}</p>}
      confirmLabel={t.revoke}
      pendingLabel={t.revoking}
      cancelLabel={common.cancel}
      isPending={revoke.isPending}
      error={revoke.isError ? errorText(revoke.error, common) : null}
      isDestructive
      fallbackFocusRef={fallbackFocusRef}
    />
  );
  return { ask, dialog };
}

/** A key's revoke button (none once it is revoked), named with the key for screen readers. */
export function RevokeKeyButton({ apiKey, t, onRevoke }: { apiKey: ApiKeyView; t: Pick<SettingsText, 'revoke'>; onRevoke: (key: ApiKeyView) => void }) {
  if (apiKey.revoked_at) return null;
  return (
    <button type="button" className="btn btn--small btn--danger" aria-label={`${t.revoke} — ${apiKey.name}`} onClick={() => onRevoke(apiKey)}>
      {t.revoke}
    </button>
  );
}

/** The new-key form's state: on success the form empties, `onCreated` shows the key (this once) and the list is read again. */
export function useCreateKeyForm({
  createKey,
  queryKey,
  common,
  onCreated,
}: {
  createKey: (name: string) => Promise<CreatedApiKeyView>;
  queryKey: QueryKey;
  common: QueryErrorText;
  onCreated: (key: CreatedApiKeyView) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyBody>({ resolver: localizedZodResolver(CreateApiKeyBodySchema), defaultValues: { name: '' } });
  const onSubmit = handleSubmit(async ({ name }) => {
    setFailure(null);
    let key: CreatedApiKeyView;
    try {
      key = await createKey(name);
    } catch (error) {
      if (!placeFieldErrors(error, ['name'], setError)) setFailure(errorText(error, common));
      return;
    }
    reset();
    onCreated(key);
    await queryClient.invalidateQueries({ queryKey });
  });
  return { register, errors, isSubmitting, onSubmit, failure };
}

'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode, type RefObject } from 'react';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { ConfirmDialog } from './dialog';
import { errorText, type QueryErrorText } from './query-error';

/** What the confirmation says about its target (null before anything was asked). */
export interface ConfirmText {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
}

/**
 * An action that asks first: `ask(target)` opens a confirmation; confirming runs `action(target)`,
 * and the dialog closes once it succeeded (`onSuccess` follows) or shows why it failed. Render
 * `dialog` once; `mutation.mutate(target)` runs the action without asking (reactivate).
 */
export function useConfirmedAction<T, R = unknown>({
  action,
  onSuccess,
  text,
  common,
  isDestructive = true,
  fallbackFocusRef,
}: {
  action: (target: T) => Promise<R>;
  onSuccess?: (result: R, target: T) => unknown;
  text: (target: T | null) => ConfirmText;
  common: QueryErrorText & Pick<CommonText, 'cancel'>;
  isDestructive?: boolean;
  /** Where focus goes when the dialog closes and the button that opened it is gone. */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}) {
  // The target stays set while the dialog closes, so its title does not flash empty.
  const [target, setTarget] = useState<T | null>(null);
  const [isOpen, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: (result, done) => {
      setOpen(false);
      return onSuccess?.(result, done);
    },
  });
  const ask = (next: T) => {
    mutation.reset();
    setTarget(next);
    setOpen(true);
  };
  const words = text(target);
  const dialog = (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={() => setOpen(false)}
      onConfirm={() => target !== null && mutation.mutate(target)}
      title={words.title}
      body={words.body}
      confirmLabel={words.confirmLabel}
      pendingLabel={words.pendingLabel}
      cancelLabel={common.cancel}
      isPending={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error, common) : null}
      isDestructive={isDestructive}
      fallbackFocusRef={fallbackFocusRef}
    />
  );
  return { ask, dialog, mutation, isOpen };
}

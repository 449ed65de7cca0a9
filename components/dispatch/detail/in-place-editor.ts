'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useToast } from '@/components/platform/ui/toast';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { dispatchDetailKeys } from './queries';
import { saveFailureOf, type SaveFailure } from './save-failure';

/**
 * A card's form that opens in place (the route card's new destination, the drop-off card's
 * details), for keyboard users too: opened from its button, the focus goes to `firstField`;
 * closed, back to that button (`buttonRef`), so no one loses their place. It stays open only
 * while `isAllowed`: a live update that no longer allows the change closes it.
 */
export function useInPlaceEditor<T extends FieldValues>(form: UseFormReturn<T>, firstField: Path<T>, isAllowed: boolean) {
  const [isEditing, setIsEditing] = useState(false);
  // Where focus goes once the editor has opened or closed.
  const focusAfterToggle = useRef<'form' | 'button' | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isOpen = isEditing && isAllowed;

  useEffect(() => {
    const target = focusAfterToggle.current;
    focusAfterToggle.current = null;
    if (target === 'form' && isOpen) form.setFocus(firstField);
    if (target === 'button' && !isOpen) buttonRef.current?.focus();
  }, [isOpen, form, firstField]);

  return {
    isOpen,
    buttonRef,
    /** Opens the form; `focusForm` (opened from the button) moves the focus into it. */
    openEditor(focusForm: boolean) {
      if (focusForm) focusAfterToggle.current = 'form';
      setIsEditing(true);
    },
    /** Closes the form (cancelled, or saved) and gives the focus back to its button. */
    closeEditor() {
      setIsEditing(false);
      focusAfterToggle.current = 'button';
    },
    /** Closes the form where the dispatch moved on meanwhile: the card says why instead. */
    dismissEditor() {
      setIsEditing(false);
    },
  };
}

/** An in-place form's keydown: Escape cancels through `cancel`, unless a save is on its way. */
export function escapeCancels(isSaving: boolean, cancel: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !isSaving) {
      event.preventDefault();
      cancel();
    }
  };
}

/**
 * The save of a card's in-place form. The saved dispatch replaces the cached one, `alsoStale` is
 * read again, and the form closes with `savedText` in a toast. A failure lands on the form's
 * `fields` when the server names them, else it is kept in `failure` for the card to show; a
 * conflict (the dispatch moved on meanwhile) closes the form without giving the focus back to its
 * button, since the card now says why it cannot change.
 */
export function useInPlaceSave<T extends FieldValues, B>({
  dispatchId,
  form,
  fields,
  editor,
  send,
  alsoStale,
  savedText,
  detailOf,
}: {
  dispatchId: string;
  form: UseFormReturn<T>;
  fields: readonly Path<T>[];
  editor: { closeEditor: () => void; dismissEditor: () => void };
  send: (body: B) => Promise<DispatchRecord>;
  alsoStale: QueryKey;
  savedText: string;
  /** The words for a failure the form's fields do not show. */
  detailOf: (error: Error) => string;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const save = useMutation({
    mutationFn: send,
    onSuccess: (record) => {
      queryClient.setQueryData(dispatchDetailKeys.dispatch(record.id), record);
      void queryClient.invalidateQueries({ queryKey: alsoStale });
      editor.closeEditor();
      toast(savedText, 'success');
    },
    onError: async (error) => {
      const shown = await saveFailureOf(error, { queryClient, dispatchId, detail: detailOf(error), form: { form, fields } });
      if (shown?.kind === 'conflict') editor.dismissEditor();
      if (shown) setFailure(shown);
    },
  });
  return { save, failure, setFailure };
}

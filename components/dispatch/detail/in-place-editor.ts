'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

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

'use client';

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import styles from './ui.module.css';
import { FormFailure } from './form-failure';

interface DialogProps {
  isOpen: boolean;
  /** Called however it closes: Escape, a button, or the parent setting `isOpen` false. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Where focus goes on close when the element that opened it is gone (a revoked key's button). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal `<dialog>`: the browser traps focus and closes it on Escape. On open, focus goes to the
 * element marked `data-autofocus` (else the first focusable one); on close, back to the opener.
 */
export function Dialog({ isOpen, onClose, title, children, fallbackFocusRef }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  const handleClose = () => {
    const opener = openerRef.current;
    const target = opener?.isConnected ? opener : fallbackFocusRef?.current;
    target?.focus();
    openerRef.current = null;
    onClose();
  };

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={handleClose}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

interface ConfirmDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  isPending: boolean;
  /** The failure of the confirmed action, shown in the dialog. */
  error?: string | null;
  /** The action destroys something (revoke, delete): a danger-styled confirm button. */
  isDestructive?: boolean;
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

/** "Are you sure?" for actions that cannot be taken back; Cancel has the focus first. */
export function ConfirmDialog({ isOpen, onClose, onConfirm, title, body, confirmLabel, pendingLabel, cancelLabel, isPending, error, isDestructive, fallbackFocusRef }: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} fallbackFocusRef={fallbackFocusRef}>
      <div className="stack">
        <div>{body}</div>
        <FormFailure message={error} />
        <div className={styles.dialogActions}>
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            {cancelLabel}
          </button>
          <button type="button" className={isDestructive ? 'btn btn--danger' : 'btn btn--primary'} onClick={onConfirm} disabled={isPending} aria-busy={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

'use client';

import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';
import styles from './ui.module.css';

/** What copying says, in the page's language. */
export type CopyText = { copy: string; copied: string; copyFailed: string };

/** A key or secret shown once: read-only, selected on focus, with its copy button. */
export function SecretField({ id, label, value, copyText, isAutoFocus }: { id: string; label: ReactNode; value: string; copyText: CopyText; isAutoFocus?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`input ${styles.secretInput}`}
        dir="ltr"
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={id}
        data-autofocus={isAutoFocus ? true : undefined}
      />
      <CopyButton value={value} labels={copyText} />
    </div>
  );
}

/**
 * A dialog for what is shown only once (a new API key, a new account's secrets): the warning, the
 * secrets (`children`, <SecretField>s), then `actions` and the Done button that closes it.
 */
export function ShownOnceDialog({
  isOpen,
  onClose,
  title,
  warning,
  doneLabel,
  actions,
  testId,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  warning: string;
  doneLabel: string;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {isOpen ? (
        <div className="stack" data-testid={testId}>
          <p className="alert alert--warning">{warning}</p>
          {children}
          <div className={styles.dialogActions}>
            {actions}
            <button type="button" className="btn btn--primary" onClick={onClose}>
              {doneLabel}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

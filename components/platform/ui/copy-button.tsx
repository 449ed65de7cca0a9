'use client';

import { useEffect, useState } from 'react';

const FEEDBACK_MS = 3_000;

/**
 * Copies `value` to the clipboard and says so beside the button (a toast would sit under an
 * open modal dialog, out of reach of screen readers).
 */
export function CopyButton({ value, labels, className }: { value: string; labels: { copy: string; copied: string; copyFailed: string }; className?: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };

  return (
    <span className="row">
      <button type="button" className={className ?? 'btn'} onClick={copy}>
        {labels.copy}
      </button>
      <span role="status" className={result === 'failed' ? 'field__error' : 'muted'}>
        {result === 'copied' ? labels.copied : result === 'failed' ? labels.copyFailed : ''}
      </span>
    </span>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';

/**
 * A text input that commits its trimmed value `delayMs` after the last keystroke (or at once on
 * `flush`, for Enter). `value` is the committed value as it comes back (from the URL): when it
 * changes to something this input did not commit (Clear filters, a navigation), the input shows
 * it; its own commits never overwrite what the user typed since.
 */
export function useDebouncedText(
  value: string,
  onCommit: (text: string) => void,
  delayMs = 300,
): { text: string; setText: (text: string) => void; flush: () => void } {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  // A settled text older than what the input shows (before a reset from outside) is stale.
  const settled = useDebouncedValue(text, delayMs);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setText(value);
      setCommitted(value);
    }
  } else if (settled === text && settled.trim() !== committed) {
    setCommitted(settled.trim());
  }

  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  // A commit the URL has not caught up with is sent; a value from outside is committed as it is.
  useEffect(() => {
    if (committed !== value) commit.current(committed);
  }, [committed, value]);
  return { text, setText, flush: () => setCommitted(text.trim()) };
}

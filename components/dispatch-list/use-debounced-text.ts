'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A text input that commits its trimmed value `delayMs` after the last keystroke. `value` is the
 * committed value as it comes back (from the URL): when it changes to something this input did
 * not commit (Clear filters, a navigation), the input shows it; its own commits never overwrite
 * what the user typed since.
 */
export function useDebouncedText(
  value: string,
  onCommit: (text: string) => void,
  delayMs = 300,
): { text: string; setText: (text: string) => void; flush: () => void } {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setText(value);
      setCommitted(value);
    }
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    const next = text.trim();
    if (next === committed) return;
    const timer = setTimeout(() => {
      setCommitted(next);
      commit.current(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, delayMs]);
  const flush = () => {
    const next = text.trim();
    setCommitted(next);
    commit.current(next);
  };
  return { text, setText, flush };
}

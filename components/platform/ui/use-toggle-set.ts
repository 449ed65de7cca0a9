'use client';

import { useState } from 'react';

/** Which rows are open (expanded, say): `toggle(id)` opens a closed one and closes an open one. */
export function useToggleSet(): { has: (id: string) => boolean; toggle: (id: string) => void } {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { has: (id) => open.has(id), toggle };
}

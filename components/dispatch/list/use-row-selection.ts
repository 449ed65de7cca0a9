'use client';

import { useState } from 'react';

export interface RowSelection {
  selected: ReadonlySet<string>;
  /** Whether "select all matching" stopped at its limit. */
  isCapped: boolean;
  toggle: (id: string) => void;
  /** Selects the page's rows, or clears them when all are selected. */
  togglePage: (ids: readonly string[]) => void;
  replace: (ids: readonly string[], isCapped: boolean) => void;
  clear: () => void;
}

/** Rows ticked for a bulk action, by id: the selection survives paging and filtering. */
export function useRowSelection(): RowSelection {
  const [state, setState] = useState<{ selected: ReadonlySet<string>; isCapped: boolean }>({ selected: new Set(), isCapped: false });
  const update = (change: (next: Set<string>) => void) =>
    setState((current) => {
      const next = new Set(current.selected);
      change(next);
      return { selected: next, isCapped: current.isCapped };
    });
  return {
    ...state,
    toggle: (id) =>
      update((next) => {
        if (!next.delete(id)) next.add(id);
      }),
    togglePage: (ids) =>
      update((next) => {
        const isAllSelected = ids.every((id) => next.has(id));
        for (const id of ids) {
          if (isAllSelected) next.delete(id);
          else next.add(id);
        }
      }),
    replace: (ids, isCapped) => setState({ selected: new Set(ids), isCapped }),
    clear: () => setState({ selected: new Set(), isCapped: false }),
  };
}

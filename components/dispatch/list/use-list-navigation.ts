'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import type { UrlListParams } from '@/components/dispatch/list/url-list-state';

/**
 * Moving a URL-state list (url-list-state.ts) to another page or filter. The server reads the
 * page of the new URL (same prefetch as a full load), so the URL changes when that page arrives;
 * meanwhile `isNavigating` keeps the rows on screen, dimmed. A second change in that time builds
 * on the first (`pending`), not on the URL still shown. Filters replace the history entry
 * (typing is not a trail of pages); paging pushes one.
 */
export function useListNavigation<Name extends string>(params: UrlListParams<Partial<Record<Name, string>>>, href: (params: UrlListParams<Partial<Record<Name, string>>>) => string) {
  type Params = typeof params;
  const router = useRouter();
  // A new generation of the filter inputs after "Clear filters" drops any half-typed search.
  const [filterGeneration, setFilterGeneration] = useState(0);
  const [isNavigating, startNavigation] = useTransition();
  const pending = useRef<Params | null>(null);
  useEffect(() => {
    if (pending.current && href(pending.current) === href(params)) pending.current = null;
  });
  const show = (next: Params, mode: 'push' | 'replace') => {
    pending.current = next;
    startNavigation(() => {
      if (mode === 'push') router.push(href(next));
      else router.replace(href(next), { scroll: false });
    });
  };
  const setFilter = (name: Name, value: string) => {
    const base = pending.current ?? params;
    if ((base.filters[name] ?? '') === value) return;
    show({ filters: { ...base.filters, [name]: value || undefined }, prev: [] }, 'replace');
  };
  const clearFilters = () => {
    setFilterGeneration((generation) => generation + 1);
    show({ filters: {}, prev: [] }, 'replace');
  };
  return { show, setFilter, clearFilters, isNavigating, filterGeneration };
}

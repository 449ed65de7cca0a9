'use client';

import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';

/**
 * A link between the driver app's own pages, moved by the router without a page load. next/link
 * would do it too, and prefetch, at ~3 KB of first-load script: the driver app's budget
 * (150 KB gzip on a phone) has no room for it, and the pages it links to are small.
 */
export function DriverLink({ href, className, children, testId }: { href: string; className?: string; children: ReactNode; testId?: string }) {
  const router = useRouter();
  return (
    <a
      href={href}
      className={className}
      data-testid={testId}
      onClick={(event) => {
        // A new tab or window (modifier keys, middle click) stays the browser's.
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.push(href);
      }}
    >
      {children}
    </a>
  );
}

import type { ReactNode } from 'react';

/**
 * Text that reads left to right in either language: a phone number, an id, a code. Isolated, so an
 * Arabic sentence neither reorders it ("966509998877+") nor is reordered by it.
 */
export function LtrText({ children, className, title, testId }: { children: ReactNode; className?: string; title?: string; testId?: string }) {
  return (
    <bdi dir="ltr" className={className ? `ltr ${className}` : 'ltr'} title={title} data-testid={testId}>
      {children}
    </bdi>
  );
}

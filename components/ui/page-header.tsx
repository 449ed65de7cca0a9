import type { ReactNode } from 'react';

/** The page's one <h1> with its intro line, and optional controls at the header's end. */
export function PageHeader({ title, intro, className, children }: { title: ReactNode; intro: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className={['page-header', className].filter(Boolean).join(' ')}>
      <div>
        <h1>{title}</h1>
        <p className="muted">{intro}</p>
      </div>
      {children}
    </div>
  );
}

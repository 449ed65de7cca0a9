import type { ReactNode } from 'react';
import Link from 'next/link';
import styles from './ui.module.css';

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

/** A record's page header: the way back to its list, its name as the <h1>, its id under it. */
export function RecordHeader({ backHref, backText, name, id }: { backHref: string; backText: string; name: string; id: string }) {
  return (
    <>
      <Link href={backHref} className={styles.backLink}>
        {backText}
      </Link>
      <PageHeader title={<bdi>{name}</bdi>} intro={<bdi className="mono">{id}</bdi>} />
    </>
  );
}

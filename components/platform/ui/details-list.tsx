import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** Label and value pairs (the first on a row of its own); while `isLoading`, skeletons of the same size, so nothing shifts when they arrive. */
export function DetailsList({ rows, isLoading }: { rows: [label: string, value: ReactNode][]; isLoading: boolean }) {
  return (
    <dl className={styles.details} aria-busy={isLoading}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{isLoading ? <span className={`skeleton ${styles.skeletonText}`} /> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

import styles from './dispatch-detail.module.css';

/** The page's frame while the dispatch loads: the same blocks at the same sizes, so nothing jumps. */
export function DispatchDetailSkeleton({ label }: { label: string }) {
  return (
    <div className="stack" aria-busy="true" data-testid="dispatch-detail-loading">
      <p className="sr-only" role="status">
        {label}
      </p>
      <div className={styles.header}>
        <span className={`skeleton ${styles.skeletonBack}`} />
        <span className={`skeleton ${styles.skeletonTitle}`} />
        <span className={`skeleton ${styles.skeletonMeta}`} />
      </div>
      <div className={`grid-2 grid-2--wide-start ${styles.layout}`}>
        <div className="card">
          <span className={`skeleton ${styles.skeletonHeading}`} />
          <div className={`skeleton ${styles.skeletonMap}`} />
        </div>
        <div className="card">
          <span className={`skeleton ${styles.skeletonHeading}`} />
          <div className="stack">
            <span className="skeleton" />
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        </div>
      </div>
    </div>
  );
}

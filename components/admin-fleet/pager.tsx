import styles from './console.module.css';

/** Previous / next buttons of a keyset-paged table. */
export function Pager({
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
  labels,
}: {
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  labels: { previous: string; next: string };
}) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <div className={styles.pager}>
      <button type="button" className="btn btn--small" onClick={onPrevious} disabled={!hasPrevious}>
        {labels.previous}
      </button>
      <button type="button" className="btn btn--small" onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor}>
        {labels.next}
      </button>
    </div>
  );
}

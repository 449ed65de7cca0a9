import type { ReactNode } from 'react';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import styles from './ui.module.css';

/**
 * Previous / next over keyset pages (nothing on a lone first page). With `label` it is a named
 * <nav> landmark; `isBusy` disables both buttons while a page is on its way, `isStale` only "next"
 * (the rows shown are still the previous filter's); `children` stand between the buttons (page n).
 */
export function Pager({
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
  common,
  label,
  isBusy = false,
  isStale = false,
  buttonClassName = 'btn btn--small',
  children,
}: {
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  common: Pick<CommonText, 'previousPage' | 'nextPage'>;
  label?: string;
  isBusy?: boolean;
  isStale?: boolean;
  buttonClassName?: string;
  children?: ReactNode;
}) {
  if (!hasPrevious && !nextCursor) return null;
  const buttons = (
    <>
      <button type="button" className={buttonClassName} onClick={onPrevious} disabled={!hasPrevious || isBusy}>
        {common.previousPage}
      </button>
      {children}
      <button type="button" className={buttonClassName} onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor || isBusy || isStale}>
        {common.nextPage}
      </button>
    </>
  );
  return label ? (
    <nav aria-label={label} className={styles.pager}>
      {buttons}
    </nav>
  ) : (
    <div className={styles.pager}>{buttons}</div>
  );
}

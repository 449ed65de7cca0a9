'use client';

import type { ReactNode } from 'react';
import styles from '@/components/dispatch/list/dispatch-list.module.css';
import { nextPage, previousPage, type UrlListParams } from '@/components/dispatch/list/url-list-state';
import { PageHeader } from '@/components/platform/ui/page-header';
import { Pager } from '@/components/platform/ui/pager';
import { errorText, type QueryErrorText } from '@/components/platform/ui/query-error';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { DispatchListText } from '@/components/platform/i18n/messages/dispatch-list';

// The parts around the dispatch list's table (dispatch-list.tsx).

/** The texts these parts show. */
type ListText = Pick<
  DispatchListText,
  | 'title'
  | 'intro'
  | 'live'
  | 'connecting'
  | 'exportCsv'
  | 'loadFailed'
  | 'clearFilters'
  | 'emptyPageTitle'
  | 'firstPage'
  | 'noMatchTitle'
  | 'noMatchBody'
  | 'emptyTitle'
  | 'emptyBody'
  | 'pagination'
  | 'page'
>;

/** The title, whether live updates are on, and the CSV of the filter (`exportHref` undefined until it is known). */
export function ListHeader({ t, isLive, exportHref }: { t: ListText; isLive: boolean; exportHref: string | undefined }) {
  return (
    <PageHeader title={t.title} intro={t.intro} className={styles.header}>
      <div className={styles.headerEnd}>
        <span className={`badge ${isLive ? 'badge--success' : ''} ${styles.live}`} data-live={isLive} data-testid="live-indicator">
          <span className={styles.liveDot} aria-hidden="true" />
          {isLive ? t.live : t.connecting}
        </span>
        <a className="btn" href={exportHref} download data-testid="export-csv">
          {t.exportCsv}
        </a>
      </div>
    </PageHeader>
  );
}

/** The page failed to load: why, a retry, and (when `onClear` is given) a way out of the filters. */
export function ListLoadError({ t, common, error, onRetry, onClear }: { t: ListText; common: QueryErrorText; error: unknown; onRetry: () => void; onClear: (() => void) | null }) {
  return (
    <div role="alert" className={`alert alert--error ${styles.error}`} data-testid="list-error">
      <span>
        {t.loadFailed} {errorText(error, common)}
      </span>
      <span className="row">
        {onClear && (
          <button type="button" className="btn btn--small" onClick={onClear}>
            {t.clearFilters}
          </button>
        )}
        <button type="button" className="btn btn--small" onClick={onRetry}>
          {common.retry}
        </button>
      </span>
    </div>
  );
}

/** No rows: past the last page, nothing matching the filters, or nothing yet (with `emptyAction`). */
export function ListEmpty({
  t,
  isLaterPage,
  isFiltered,
  onFirstPage,
  onClear,
  emptyAction,
}: {
  t: ListText;
  isLaterPage: boolean;
  isFiltered: boolean;
  onFirstPage: () => void;
  onClear: () => void;
  emptyAction?: ReactNode;
}) {
  return (
    <div className={`card empty-state ${styles.empty}`} data-testid="list-empty">
      {isLaterPage ? (
        <>
          <h2>{t.emptyPageTitle}</h2>
          <button type="button" className="btn" onClick={onFirstPage}>
            {t.firstPage}
          </button>
        </>
      ) : isFiltered ? (
        <>
          <h2>{t.noMatchTitle}</h2>
          <p>{t.noMatchBody}</p>
          <button type="button" className="btn" onClick={onClear}>
            {t.clearFilters}
          </button>
        </>
      ) : (
        <>
          <h2>{t.emptyTitle}</h2>
          <p>{t.emptyBody}</p>
          {emptyAction}
        </>
      )}
    </div>
  );
}

/**
 * Previous / page n / next over the URL's cursor stack (none on a lone first page); the buttons
 * are disabled while a page is on its way (`isBusy`), and "next" also while the rows shown are
 * the previous filter's (`isStale`).
 */
export function ListPager<Filters>({
  t,
  common,
  params,
  nextCursor,
  isBusy,
  isStale,
  onShow,
}: {
  t: ListText;
  common: Pick<CommonText, 'previousPage' | 'nextPage'>;
  params: UrlListParams<Filters>;
  nextCursor: string | null;
  isBusy: boolean;
  isStale: boolean;
  onShow: (page: UrlListParams<Filters>) => void;
}) {
  return (
    <div className={styles.pagerRow}>
      <Pager
        hasPrevious={Boolean(params.cursor)}
        nextCursor={nextCursor}
        onPrevious={() => onShow(previousPage(params))}
        onNext={(cursor) => onShow(nextPage(params, cursor))}
        common={common}
        label={t.pagination}
        isBusy={isBusy}
        isStale={isStale}
        buttonClassName="btn"
      >
        <span className="muted" data-testid="page-number">
          {format(t.page, { n: params.cursor ? params.prev.length + 2 : 1 })}
        </span>
      </Pager>
    </div>
  );
}

import Link from 'next/link';
import { LiveRefresh } from '@/components/dispatch/admin/live-refresh';
import { MediaLinks, otherMedia } from '@/components/dispatch/admin/media-links';
import { hasProof, ProofThumbnails } from '@/components/dispatch/admin/proof-thumbnails';
import type { AdminDispatchPage } from '@/components/dispatch/admin/queries';
import { ClientTime } from '@/components/dispatch/detail/client-time';
import listStyles from '@/components/dispatch/list/dispatch-list.module.css';
import { searchParamReader } from '@/components/dispatch/list/list-page-input';
import { nextPage, previousPage, urlListState } from '@/components/dispatch/list/url-list-state';
import { PageHeader } from '@/components/platform/ui/page-header';
import { TableHead } from '@/components/platform/ui/query-table';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { listDispatchesJson } from '@/lib/dispatch/server/list-dispatches';
import { listDispatchProofs } from '@/lib/dispatch/server/list-dispatch-proofs';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { adminDispatchMessages } from '@/components/platform/i18n/messages/admin-dispatches';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { dispatchDetailMessages } from '@/components/platform/i18n/messages/dispatch-detail';
import { decodeCursor } from '@/lib/platform/server/paging/cursor';
import { titleFrom } from '@/components/platform/shell/server-page';

type SearchParams = Record<string, string | string[] | undefined>;

const QA_PAGE_SIZE = 25;
/** The queue's pages in the URL: the same cursor stack as the dispatch lists, no filters. */
const qaPages = urlListState([], '/admin/qa');

export const generateMetadata = titleFrom(adminDispatchMessages, 'qaTitle');

/** A cursor this page wrote, or none (a hand-edited URL shows the first page). */
function validCursor(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    decodeCursor(value);
    return value;
  } catch {
    return undefined;
  }
}

// Dispatches moved from delivered to quality check, newest first, with the driver's proof (the
// page's dispatch_media rows in one query) and any other media: read on the server (the
// same list as the API, status qa_qc) and re-read when a status changes.
export default async function QaQueuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [, locale, query] = await Promise.all([requireAdmin(), getLocale(), searchParams]);
  const read = qaPages.read(searchParamReader(query));
  const cursor = validCursor(read.cursor);
  const params = { filters: {}, cursor, prev: cursor ? read.prev : [] };
  const { prev } = params;
  const page = JSON.parse(
    await listDispatchesJson({ scope: platformScope(), filters: { status: 'qa_qc' }, limit: QA_PAGE_SIZE, cursor, withRelated: true }),
  ) as AdminDispatchPage;
  // The page's proof (photos, signatures, failure reasons) in one query, not one per row.
  const proofs = await listDispatchProofs({ scope: platformScope(), dispatchIds: page.data.map((row) => row.record.id) });
  const t = messagesFor(adminDispatchMessages, locale);
  const common = messagesFor(commonMessages, locale);
  const proofT = messagesFor(dispatchDetailMessages, locale);
  return (
    <>
      <PageHeader title={t.qaTitle} intro={t.qaIntro} className={listStyles.header}>
        <LiveRefresh label={t.connecting} liveLabel={t.live} />
      </PageHeader>
      {page.data.length === 0 ? (
        <div className={`card empty-state ${listStyles.empty}`} data-testid="qa-empty">
          <h2>{t.qaEmptyTitle}</h2>
          <p>{t.qaEmptyBody}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className={`table ${listStyles.table}`}>
            <caption className="sr-only">{t.qaCaption}</caption>
            <TableHead columns={[t.colReference, t.colAccount, t.colOrder, t.colDriver, common.status_delivered, t.colMedia]} />
            <tbody>
              {page.data.map(({ record, account, driver }) => {
                const delivered = record.status.findLast((entry) => entry.status === 'delivered');
                const others = otherMedia(record.media_url);
                return (
                  <tr key={record.id} data-testid="qa-row" data-id={record.id}>
                    <td>
                      <Link href={`/admin/dispatches/${record.id}`} className="mono" aria-label={format(t.openDispatch, { rId: record.r_id })}>
                        {record.r_id}
                      </Link>
                    </td>
                    <td>
                      <span className={listStyles.oneLine}>{account.name}</span>
                    </td>
                    <td className="mono">
                      <span className={listStyles.oneLine}>{record.vendor_oid}</span>
                    </td>
                    <td>{driver ? <bdi>{driver.name}</bdi> : <span className="muted">{t.noDriver}</span>}</td>
                    <td>{delivered ? <ClientTime timestamp={delivered.status_captured_time} locale={locale} /> : '—'}</td>
                    <td style={{ whiteSpace: 'normal' }}>
                      <ProofThumbnails proof={proofs[record.id]} t={proofT} locale={locale} />
                      {others || !hasProof(proofs[record.id]) ? <MediaLinks media={others} t={{ ...t, openMedia: proofT.openMedia }} /> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {cursor || page.next_cursor ? (
        <nav aria-label={t.pagination} className={listStyles.pager}>
          {cursor ? (
            <Link className="btn" href={qaPages.href(previousPage(params))}>
              {common.previousPage}
            </Link>
          ) : null}
          <span className="muted">{format(t.page, { n: cursor ? prev.length + 2 : 1 })}</span>
          {page.next_cursor ? (
            <Link className="btn" href={qaPages.href(nextPage(params, page.next_cursor))}>
              {common.nextPage}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

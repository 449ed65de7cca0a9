'use client';

import { useQuery } from '@tanstack/react-query';
import { ClientTime } from '@/components/dispatch-detail/client-time';
import type { StatusLabels } from '@/components/dispatch-detail/status-labels';
import { TableHead } from '@/components/ui/query-table';
import { isLifecycleStatus, MARKER_STATUSES } from '@/lib/transitions/lifecycle-statuses';
import type { AuditEntry } from '@/lib/dispatches/list-dispatch-audit';
import type { Locale } from '@/components/i18n/locale';
import { format } from '@/components/i18n/messages';
import type { AdminDispatchText } from '@/components/i18n/messages/admin-dispatches';
import type { CommonText } from '@/components/i18n/messages/common';
import styles from './admin-dispatches.module.css';
import { auditQuery } from './queries';

const REF_TYPES = ['driver', 'vendor', 'admin', 'system'] as const;

function eventText(entry: AuditEntry, t: AdminDispatchText, statusLabels: StatusLabels): string {
  if (entry.type === 'dispatch.driver_assigned') return t.eventDriverAssigned;
  if (entry.type === 'dispatch.destination_updated') return t.eventDestinationUpdated;
  const status = entry.status;
  const isKnown = status !== null && (isLifecycleStatus(status) || (MARKER_STATUSES as readonly string[]).includes(status));
  return format(t.eventStatus, { status: isKnown ? statusLabels[status as keyof StatusLabels] : (status ?? '—') });
}

/** Who did what to the dispatch: its events in order, each with its actor. Refreshed with the page. */
export function AuditTrail({ id, t, common, statusLabels, locale }: { id: string; t: AdminDispatchText; common: CommonText; statusLabels: StatusLabels; locale: Locale }) {
  const audit = useQuery(auditQuery(id));
  return (
    <section className="card" aria-labelledby="audit-title" data-testid="audit-trail">
      <h2 id="audit-title">{t.auditTitle}</h2>
      <p className="muted">{t.auditIntro}</p>
      {audit.isPending ? (
        <div aria-busy="true">
          <span className="sr-only">{common.loading}</span>
          <span className="skeleton" />
        </div>
      ) : audit.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{format(t.auditFailed, { detail: audit.error.message })}</p>
          <button type="button" className="btn btn--small" onClick={() => void audit.refetch()}>
            {common.retry}
          </button>
        </div>
      ) : audit.data.length === 0 ? (
        <p className="empty-state">{t.auditEmpty}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">{t.auditCaption}</caption>
            <TableHead columns={[t.colSequence, t.colEvent, t.colActor, t.colTime]} />
            <tbody>
              {audit.data.map((entry) => {
                const refType = REF_TYPES.find((value) => value === entry.actor_type);
                return (
                  <tr key={entry.sequence} data-testid="audit-row" data-type={entry.type} data-status={entry.status ?? undefined} data-actor-type={entry.actor_type ?? undefined} data-actor-id={entry.actor_id ?? undefined}>
                    <td>{entry.sequence}</td>
                    <td>{eventText(entry, t, statusLabels)}</td>
                    <td>
                      <span className={styles.actor}>
                        {refType ? common[`ref_${refType}`] : t.actorUnknown}
                        {entry.actor_name ? (
                          <>
                            {' · '}
                            <bdi>{entry.actor_name}</bdi>
                          </>
                        ) : null}
                      </span>
                      {entry.actor_id ? (
                        <span className={`mono muted ${styles.actorId}`} dir="ltr">
                          {entry.actor_id}
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <ClientTime timestamp={entry.created_at} locale={locale} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

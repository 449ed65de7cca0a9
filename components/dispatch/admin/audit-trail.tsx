'use client';

import { useQuery } from '@tanstack/react-query';
import { actorText } from '@/components/dispatch/detail/actor-text';
import { ClientTime } from '@/components/dispatch/detail/client-time';
import { LoadFailure } from '@/components/dispatch/detail/load-failure';
import type { StatusLabels } from '@/components/dispatch/detail/status-labels';
import { TableHead } from '@/components/platform/ui/query-table';
import { isLifecycleStatus, MARKER_STATUSES } from '@/lib/dispatch/shared/transitions/table';
import type { AuditEntry } from '@/lib/dispatch/server/list-dispatch-audit';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import styles from './admin-dispatches.module.css';
import { auditQuery } from './queries';

const REF_TYPES = ['driver', 'vendor', 'admin', 'system'] as const;

/** What the event changed, in words: each event type says its own news (an ETA has no status). */
function eventText(entry: AuditEntry, t: AdminDispatchText, statusLabels: StatusLabels): string {
  switch (entry.type) {
    case 'dispatch.driver_assigned':
      return entry.driver_name ? format(t.eventDriverAssignedTo, { driver: entry.driver_name }) : t.eventDriverAssigned;
    case 'dispatch.destination_updated':
      return entry.destination ? format(t.eventDestinationUpdatedTo, { address: entry.destination }) : t.eventDestinationUpdated;
    case 'dispatch.eta_updated':
      return entry.eta
        ? format(entry.eta.stop === 'pickup' ? t.eventEtaPickup : t.eventEtaDestination, { minutes: entry.eta.minutes })
        : t.eventEtaUpdated;
    default: {
      const status = entry.status;
      const isKnown = status !== null && (isLifecycleStatus(status) || (MARKER_STATUSES as readonly string[]).includes(status));
      if (status === null) return entry.type;
      return format(t.eventStatus, { status: isKnown ? statusLabels[status as keyof StatusLabels] : status });
    }
  }
}

/** Beside the actor's kind: their name, or for an unnamed restaurant actor its API key, for a system step which one. */
function actorDetail(entry: AuditEntry, common: CommonText): string | null {
  if (entry.actor_name) return entry.actor_name;
  if (entry.actor_type === 'vendor') return common.actor_api_key;
  if (entry.actor_type === 'system' && entry.actor_id) {
    const text = actorText(common, { type: 'system', id: entry.actor_id });
    return text === common.ref_system ? null : text;
  }
  return null;
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
        <LoadFailure message={format(t.auditFailed, { detail: audit.error.message })} onRetry={() => void audit.refetch()} retryLabel={common.retry} />
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
                        {actorDetail(entry, common) ? (
                          <>
                            {' · '}
                            <bdi>{actorDetail(entry, common)}</bdi>
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

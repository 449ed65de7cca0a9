'use client';

import type { NamedStatusEntry } from '@/lib/dispatch/server/get-dispatch-view';
import type { StatusEntry } from '@/lib/dispatch/shared/schemas';
import { isLifecycleStatus } from '@/lib/dispatch/shared/transitions/table';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import { ClientTime } from './client-time';
import styles from './dispatch-detail.module.css';
import timelineStyles from './status-timeline.module.css';
import { actorText } from './actor-text';
import { statusLabel } from './status-labels';

/** Statuses that end a dispatch without a delivery: shown in the danger colour, never the accent's green. */
const ENDED: readonly string[] = ['cancelled', 'dispatch_rejected'];

/**
 * The status history, oldest first (as the API keeps it), so the newest entry is at the bottom.
 * Screen readers hear the newest status when a live update adds one.
 */
export function StatusTimeline({
  entries,
  driver,
  isLive,
  locale,
  t,
  common,
}: {
  /** The history; the dashboard's read names each actor (`ref_name`), an action's answer does not. */
  entries: (StatusEntry & Partial<Pick<NamedStatusEntry, 'ref_name'>>)[];
  /** The assigned driver, when loaded: entries they made show their name. */
  driver?: { id: string; name: string } | null;
  isLive: boolean;
  locale: Locale;
  t: DispatchDetailText;
  common: CommonText;
}) {
  const newest = entries.at(-1);
  // A record fresh from an action's answer has no names until the live change re-reads it (within
  // a second): meanwhile the assigned driver is still named, anyone else by what they are.
  const nameOf = (entry: (typeof entries)[number]): string | null | undefined =>
    entry.ref_name !== undefined ? entry.ref_name : entry.ref_type === 'driver' && entry.ref_id === driver?.id ? driver.name : undefined;
  return (
    <section className="card" aria-labelledby="timeline-title">
      <div className={styles.sectionHeader}>
        <h2 id="timeline-title">{t.sectionTimeline}</h2>
        <span className={isLive ? timelineStyles.liveOn : timelineStyles.liveOff} data-testid="live-indicator" data-live={isLive}>
          {isLive ? t.live : t.notLive}
        </span>
      </div>
      <ol className={timelineStyles.timeline} data-testid="timeline">
        {entries.map((entry, index) => {
          const isNewest = index === entries.length - 1;
          return (
            // The history only grows at the end: positions are stable keys.
            <li
              key={index}
              className={[timelineStyles.timelineEntry, isLifecycleStatus(entry.status) ? '' : timelineStyles.timelineMarker].join(' ')}
              data-testid="timeline-entry"
              data-status={entry.status}
              data-tone={ENDED.includes(entry.status) ? 'ended' : undefined}
              aria-current={isNewest ? 'step' : undefined}
            >
              <span className={timelineStyles.timelineDot} aria-hidden="true" />
              <span className={timelineStyles.timelineStatus}>
                {statusLabel(common, entry.status)}
                {isNewest ? <span className="sr-only"> ({t.timelineCurrent})</span> : null}
              </span>
              <span className={timelineStyles.timelineMeta}>
                {/* The first entry dates the history; the rest are to the second, as steps often are seconds apart. */}
                <ClientTime timestamp={entry.status_captured_time} locale={locale} style={index === 0 ? 'dateTime' : 'time'} />
                <span className="muted" data-testid="timeline-actor">
                  {format(t.timelineBy, { actor: actorText(common, { type: entry.ref_type, id: entry.ref_id, name: nameOf(entry) }) })}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="timeline-announcement">
        {newest ? format(t.timelineLatest, { status: statusLabel(common, newest.status) }) : ''}
      </p>
    </section>
  );
}

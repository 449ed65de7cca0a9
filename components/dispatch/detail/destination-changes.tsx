'use client';

import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import { ClientTime } from './client-time';
import styles from './dispatch-detail.module.css';
import { destinationChangesQuery } from './queries';
import type { DispatchSurface } from './surface';

/** The dispatch's earlier destinations, each change with its time, folded away until asked for. */
export function DestinationChanges({
  dispatchId,
  surface,
  t,
  locale,
}: {
  dispatchId: string;
  surface: DispatchSurface;
  t: DispatchDetailText;
  locale: Locale;
}) {
  const changes = useQuery(destinationChangesQuery(dispatchId, surface));
  if (!changes.data || changes.data.length === 0) return null;
  return (
    <details className={styles.changes} data-testid="destination-changes">
      <summary>{format(t.destinationChanges, { count: changes.data.length })}</summary>
      <ol>
        {changes.data.map((change) => (
          <li key={change.changed_at} data-testid="destination-change-entry">
            <ClientTime timestamp={change.changed_at} locale={locale} />
            {': '}
            <span data-testid="destination-before">{change.before.address_line || format(t.coordinates, { lat: change.before.lat, lng: change.before.lng })}</span>
            {' → '}
            <span data-testid="destination-after">{change.after.address_line || format(t.coordinates, { lat: change.after.lat, lng: change.after.lng })}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

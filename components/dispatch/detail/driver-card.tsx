'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import type { DispatchDriver, DispatchEta } from '@/lib/fleet/shared/drivers/schemas';
import { formatAge } from '@/components/platform/i18n/format-age';
import { formatDateTime, parseApiTimestamp } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import { ClientTime } from './client-time';
import styles from './dispatch-detail.module.css';
import { interpolate } from './interpolate';
import { telHref } from './order-summary';

/**
 * Who is driving, when someone is; while they are on the dispatch, when they last reported
 * where they are and the ETA last announced. The page owns the queries (the map shows the same
 * position), so the card only renders them.
 */
export function DriverCard({
  driverId,
  driver,
  eta,
  isOnDuty,
  locale,
  t,
  trip = null,
  expectedPickupAt = null,
}: {
  /** The dispatch engine's trip (bundle) the dispatch travels in, and when its driver is expected at the pickup. */
  trip?: { id: string; position: number | null } | null;
  expectedPickupAt?: string | null;
  driverId: string | null;
  driver: UseQueryResult<DispatchDriver>;
  eta: DispatchEta | null;
  isOnDuty: boolean;
  locale: Locale;
  t: DispatchDetailText;
}) {
  return (
    <section className="card" aria-labelledby="driver-title" data-testid="driver-card">
      <h2 id="driver-title">{t.sectionDriver}</h2>
      {driverId ? <DriverDetails driver={driver} eta={eta} isOnDuty={isOnDuty} locale={locale} t={t} /> : <p className="muted">{t.noDriver}</p>}
      {trip ? (
        <dl className={styles.facts}>
          <dt>{t.tripLabel}</dt>
          <dd data-testid="dispatch-trip" data-trip-id={trip.id} data-position={trip.position ?? 0}>
            {format(t.tripValue, { position: (trip.position ?? 0) + 1, trip: trip.id.slice(-6) })}
          </dd>
          {expectedPickupAt && isOnDuty ? (
            <>
              <dt>{t.expectedPickup}</dt>
              <dd data-testid="expected-pickup">
                <ClientTime timestamp={expectedPickupAt} locale={locale} style="time" />
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

function DriverDetails({
  driver,
  eta,
  isOnDuty,
  locale,
  t,
}: {
  driver: UseQueryResult<DispatchDriver>;
  eta: DispatchEta | null;
  isOnDuty: boolean;
  locale: Locale;
  t: DispatchDetailText;
}) {
  if (driver.isPending) {
    return (
      <div className={styles.facts} aria-busy="true">
        <span className="skeleton" />
        <span className="skeleton" />
      </div>
    );
  }
  if (driver.isError && !driver.data) {
    return (
      <p className="alert alert--error" role="alert">
        {t.driverLoadError}
      </p>
    );
  }
  const { data } = driver;
  return (
    <dl className={styles.facts}>
      <dt>{t.driverName}</dt>
      <dd data-testid="driver-name">{data.name}</dd>
      <dt>{t.driverPhone}</dt>
      <dd>
        {data.phone ? (
          <a href={telHref(data.phone)} dir="ltr">
            {data.phone}
          </a>
        ) : (
          '—'
        )}
      </dd>
      <dt>{t.driverFleet}</dt>
      <dd className="mono">{data.fleet_id ?? '—'}</dd>
      {isOnDuty ? (
        <>
          <dt>{t.driverPosition}</dt>
          <dd data-testid="driver-position">
            {data.last_position ? (
              <LastSeen at={data.last_position.at} readAt={driver.dataUpdatedAt} locale={locale} t={t} />
            ) : (
              t.driverNoPosition
            )}
          </dd>
          {data.last_position ? (
            <>
              <dt>{t.eta}</dt>
              <dd data-testid="driver-eta" data-stop={eta?.stop}>
                {eta
                  ? interpolate(t.etaAsOf, {
                      eta: format(eta.stop === 'pickup' ? t.etaPickup : t.etaDestination, { minutes: eta.minutes }),
                      time: <ClientTime timestamp={eta.at} locale={locale} style="time" />,
                    })
                  : t.etaNone}
              </dd>
            </>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}

/**
 * "Last seen 2 min. ago", as of the last read of the driver (re-read every few seconds while on
 * duty, so it ages with them); the exact time is the tooltip. Ages need the browser's clock: the
 * server renders a placeholder.
 */
function LastSeen({ at, readAt, locale, t }: { at: string; readAt: number; locale: Locale; t: DispatchDetailText }) {
  const isClient = useIsHydrated();
  const seenAt = parseApiTimestamp(at);
  if (!isClient) return <span className={styles.timePlaceholder} />;
  return (
    <time dateTime={seenAt.toISOString()} title={formatDateTime(at, locale)}>
      {format(t.driverLastSeen, { age: formatAge(readAt - seenAt.getTime(), locale) })}
    </time>
  );
}

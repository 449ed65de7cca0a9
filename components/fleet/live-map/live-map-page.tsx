'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { Locale } from '@/components/platform/i18n/locale';
import { formatAge } from '@/components/platform/i18n/format-age';
import { formatClock, formatTime, parseApiTimestamp } from '@/components/platform/i18n/format-time';
import { format } from '@/components/platform/i18n/messages';
import type { AdminMapText } from '@/components/platform/i18n/messages/admin-map';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { mapMessages } from '@/components/platform/i18n/messages/map';
import { LIVE_MAP_LIMIT, type LiveMapView } from '@/lib/dispatch/shared/live/live-map-schemas';
import { statusBadgeClass, statusLabel } from '@/components/dispatch/detail/status-labels';
import { useNow } from '@/components/platform/ui/use-now';
import { QueryError } from '@/components/platform/ui/query-error';
import { LazyLiveMap, type LiveMapDispatch, type LiveMapDriver } from './lazy-live-map';
import { liveMapQueries } from './queries';
import uiStyles from '@/components/platform/ui/ui.module.css';
import styles from './live-map-page.module.css';
import fleetStyles from '@/components/fleet/admin/fleet.module.css';

interface Props {
  t: AdminMapText;
  common: CommonText;
  locale: Locale;
  map: { tileUrl: string | null; tileAttribution: string };
}

/** The legend's swatches (live-map.css's colours) and their words. */
const LEGEND = [
  ['swatchDriver', 'legendDriver'],
  ['swatchSandbox', 'legendSandboxDriver'],
  ['swatchWaiting', 'legendWaiting'],
  ['swatchPickup', 'legendPickup'],
  ['swatchDestination', 'legendDestination'],
] as const;

/** Active drivers and open dispatches on one map, re-read every few seconds, with a side list. */
export function LiveMapPage({ t, common, locale, map }: Props) {
  const router = useRouter();
  const live = useQuery(liveMapQueries.map());
  const now = useNow(1_000);
  const data = live.data;
  // Ages are measured on the server's clock: the browser's may be off by minutes.
  const skewMs = data ? live.dataUpdatedAt - parseApiTimestamp(data.now).getTime() : 0;
  const ageOf = (at: string) => (now === null ? '' : formatAge(now - skewMs - parseApiTimestamp(at).getTime(), locale));

  const drivers = useMemo<LiveMapDriver[]>(
    () =>
      data?.drivers.map((driver) => ({
        id: driver.id,
        lat: driver.lat,
        lng: driver.lng,
        label: driver.waiting ? format(t.waitingMarker, { name: driver.name, time: formatClock(parseApiTimestamp(driver.waiting.ready_at), locale) }) : driver.name,
        isSandbox: driver.is_sandbox,
        isWaiting: driver.waiting !== null,
      })) ?? [],
    [data, t, locale],
  );
  const dispatches = useMemo<LiveMapDispatch[]>(
    () =>
      data?.dispatches.map((dispatch) => ({
        id: dispatch.id,
        pickup: dispatch.pickup,
        destination: dispatch.destination,
        pickupLabel: format(t.pickupOf, { rId: dispatch.r_id, account: dispatch.account_name }),
        destinationLabel: format(t.destinationOf, {
          rId: dispatch.trip && dispatch.trip.size > 1 ? format(t.tripPin, { rId: dispatch.r_id, position: dispatch.trip.position + 1, size: dispatch.trip.size }) : dispatch.r_id,
          account: dispatch.account_name,
        }),
      })) ?? [],
    [data, t],
  );
  const openDispatch = useCallback((id: string) => router.push(`/admin/dispatches/${encodeURIComponent(id)}`), [router]);
  const own = mapMessages[locale];

  return (
    <div className={uiStyles.layout}>
      <div className={styles.mapColumn}>
        <LazyLiveMap {...map} drivers={drivers} dispatches={dispatches} onOpenDispatch={openDispatch} labels={{ map: t.map, zoomIn: own.zoomIn, zoomOut: own.zoomOut }} className={styles.map} />
        <div className={styles.legend} aria-hidden="true">
          {LEGEND.map(([swatch, label]) => (
            <span key={label}>
              <span className={`${styles.swatch} ${styles[swatch]}`} /> {t[label]}
            </span>
          ))}
          {data && now !== null ? <span className={styles.updated}>{format(t.updated, { time: formatTime(data.now, locale) })}</span> : null}
        </div>
      </div>
      <aside className={`card ${styles.side}`} aria-label={t.listLabel}>
        {live.isError ? <QueryError error={live.error} onRetry={() => live.refetch()} common={common} /> : null}
        <SideList data={data} t={t} common={common} ageOf={ageOf} locale={locale} />
      </aside>
    </div>
  );
}

/** One list beside the map: its heading with the count, what an empty or capped list means, the items. */
function SideSection({ id, heading, items, emptyText, t, children }: { id: string; heading: string; items: unknown[] | undefined; emptyText: string; t: AdminMapText; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <h2 id={`${id}-heading`}>{format(heading, { count: items?.length ?? '…' })}</h2>
      {items && items.length === 0 ? <p className="muted">{emptyText}</p> : null}
      {items && items.length >= LIVE_MAP_LIMIT ? <p className="muted">{format(t.limitNote, { limit: LIVE_MAP_LIMIT })}</p> : null}
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

/** The open dispatches with each trip's together, in drop-off order, where its newest member would be. */
function groupTrips(dispatches: LiveMapView['dispatches']): LiveMapView['dispatches'] {
  const byTrip = new Map<string, LiveMapView['dispatches']>();
  for (const dispatch of dispatches) {
    if (!dispatch.trip) continue;
    const group = byTrip.get(dispatch.trip.id) ?? [];
    group.push(dispatch);
    byTrip.set(dispatch.trip.id, group);
  }
  const placed = new Set<string>();
  return dispatches.flatMap((dispatch) => {
    if (!dispatch.trip) return [dispatch];
    if (placed.has(dispatch.trip.id)) return [];
    placed.add(dispatch.trip.id);
    return byTrip.get(dispatch.trip.id)!.sort((a, b) => a.trip!.position - b.trip!.position);
  });
}

function SideList({
  data,
  t,
  common,
  ageOf,
  locale,
}: {
  data: LiveMapView | undefined;
  t: AdminMapText;
  common: CommonText;
  ageOf: (at: string) => string;
  locale: Locale;
}) {
  const dispatches = useMemo(() => (data ? groupTrips(data.dispatches) : undefined), [data]);
  return (
    <>
      <SideSection id="live-drivers" heading={t.driversHeading} items={data?.drivers} emptyText={t.driversEmpty} t={t}>
        {data?.drivers.map((driver) => (
          <li key={driver.id} data-testid="live-driver-item" data-driver-id={driver.id}>
            <div className={styles.itemTop}>
              <Link href={`/admin/drivers/${encodeURIComponent(driver.id)}`}>
                <bdi>{driver.name}</bdi>
              </Link>
              {driver.is_sandbox ? <span className={`badge ${fleetStyles.sandboxBadge}`}>{t.sandbox}</span> : null}
            </div>
            <div className={styles.itemMeta}>
              {driver.fleet_name ? (
                <span>
                  <bdi>{driver.fleet_name}</bdi> ·{' '}
                </span>
              ) : null}
              <span>{format(t.seen, { age: ageOf(driver.at) })}</span>
            </div>
            {driver.waiting ? (
              <div className={styles.itemMeta} data-testid="live-driver-waiting">
                {format(t.waitingAt, { time: formatClock(parseApiTimestamp(driver.waiting.ready_at), locale) })}
              </div>
            ) : null}
            <div className={`mono ${styles.itemMeta}`}>
              <bdi data-testid="live-driver-position">
                {driver.lat.toFixed(5)}, {driver.lng.toFixed(5)}
              </bdi>
            </div>
          </li>
        ))}
      </SideSection>
      <SideSection id="live-dispatches" heading={t.dispatchesHeading} items={dispatches} emptyText={t.dispatchesEmpty} t={t}>
        {dispatches?.map((dispatch) => (
          <li key={dispatch.id} data-testid="live-dispatch-item" data-dispatch-id={dispatch.id} data-trip-id={dispatch.trip?.id}>
            <div className={styles.itemTop}>
              <Link href={`/admin/dispatches/${encodeURIComponent(dispatch.id)}`} className="mono">
                {dispatch.r_id}
              </Link>
              <span className={statusBadgeClass(dispatch.state)}>{statusLabel(common, dispatch.state)}</span>
            </div>
            <div className={styles.itemMeta}>
              <bdi>{dispatch.account_name}</bdi> · <bdi>{dispatch.vendor_oid}</bdi>
            </div>
            {dispatch.trip && dispatch.trip.size > 1 ? (
              <div className={styles.itemMeta} data-testid="live-dispatch-trip">
                {format(t.tripOf, { position: dispatch.trip.position + 1, size: dispatch.trip.size })}
              </div>
            ) : null}
          </li>
        ))}
      </SideSection>
    </>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import type { Locale } from '@/lib/i18n/locale';
import { formatAge } from '@/lib/i18n/format-age';
import { formatTime, parseApiTimestamp } from '@/lib/i18n/format-time';
import { format } from '@/lib/i18n/messages';
import type { AdminMapText } from '@/lib/i18n/messages/admin-map';
import type { CommonText } from '@/lib/i18n/messages/common';
import { mapMessages } from '@/lib/i18n/messages/map';
import { LIVE_MAP_LIMIT, type LiveMapView } from '@/lib/live-map/schemas';
import { statusBadgeClass, statusLabel } from '@/components/dispatch-detail/status-labels';
import { useNow } from '@/components/admin-fleet/use-now';
import { QueryError } from '@/components/ui/query-error';
import { LazyLiveMap, type LiveMapDispatch, type LiveMapDriver } from './lazy-live-map';
import { liveMapQueries } from './queries';
import styles from './live-map-page.module.css';
import consoleStyles from '@/components/admin-fleet/console.module.css';

interface Props {
  t: AdminMapText;
  common: CommonText;
  locale: Locale;
  map: { tileUrl: string | null; tileAttribution: string };
}

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
    () => data?.drivers.map((driver) => ({ id: driver.id, lat: driver.lat, lng: driver.lng, label: driver.name, isSandbox: driver.is_sandbox })) ?? [],
    [data],
  );
  const dispatches = useMemo<LiveMapDispatch[]>(
    () =>
      data?.dispatches.map((dispatch) => ({
        id: dispatch.id,
        pickup: dispatch.pickup,
        destination: dispatch.destination,
        pickupLabel: format(t.pickupOf, { rId: dispatch.r_id, account: dispatch.account_name }),
        destinationLabel: format(t.destinationOf, { rId: dispatch.r_id, account: dispatch.account_name }),
      })) ?? [],
    [data, t],
  );
  const openDispatch = useCallback((id: string) => router.push(`/admin/dispatches/${encodeURIComponent(id)}`), [router]);
  const own = mapMessages[locale];

  return (
    <div className={styles.layout}>
      <div className={styles.mapColumn}>
        <LazyLiveMap
          tileUrl={map.tileUrl}
          tileAttribution={map.tileAttribution}
          drivers={drivers}
          dispatches={dispatches}
          onOpenDispatch={openDispatch}
          labels={{ map: t.map, zoomIn: own.zoomIn, zoomOut: own.zoomOut }}
          className={styles.map}
        />
        <div className={styles.legend} aria-hidden="true">
          <span>
            <span className={`${styles.swatch} ${styles.swatchDriver}`} /> {t.legendDriver}
          </span>
          <span>
            <span className={`${styles.swatch} ${styles.swatchSandbox}`} /> {t.legendSandboxDriver}
          </span>
          <span>
            <span className={`${styles.swatch} ${styles.swatchPickup}`} /> {t.legendPickup}
          </span>
          <span>
            <span className={`${styles.swatch} ${styles.swatchDestination}`} /> {t.legendDestination}
          </span>
          {data && now !== null ? <span className={styles.updated}>{format(t.updated, { time: formatTime(data.now, locale) })}</span> : null}
        </div>
      </div>
      <aside className={`card ${styles.side}`} aria-label={t.listLabel}>
        {live.isError ? <QueryError error={live.error} onRetry={() => live.refetch()} common={common} /> : null}
        <SideList data={data} t={t} common={common} ageOf={ageOf} />
      </aside>
    </div>
  );
}

function SideList({ data, t, common, ageOf }: { data: LiveMapView | undefined; t: AdminMapText; common: CommonText; ageOf: (at: string) => string }) {
  return (
    <>
      <section aria-labelledby="live-drivers-heading" data-testid="live-drivers">
        <h2 id="live-drivers-heading">{format(t.driversHeading, { count: data?.drivers.length ?? '…' })}</h2>
        {data && data.drivers.length === 0 ? <p className="muted">{t.driversEmpty}</p> : null}
        {data && data.drivers.length >= LIVE_MAP_LIMIT ? <p className="muted">{format(t.limitNote, { limit: LIVE_MAP_LIMIT })}</p> : null}
        <ul className={styles.list}>
          {data?.drivers.map((driver) => (
            <li key={driver.id} data-testid="live-driver-item" data-driver-id={driver.id}>
              <div className={styles.itemTop}>
                <Link href={`/admin/drivers/${encodeURIComponent(driver.id)}`}>
                  <bdi>{driver.name}</bdi>
                </Link>
                {driver.is_sandbox ? <span className={`badge ${consoleStyles.sandboxBadge}`}>{t.sandbox}</span> : null}
              </div>
              <div className={styles.itemMeta}>
                {driver.fleet_name ? (
                  <span>
                    <bdi>{driver.fleet_name}</bdi> ·{' '}
                  </span>
                ) : null}
                <span>{format(t.seen, { age: ageOf(driver.at) })}</span>
              </div>
              <div className={`mono ${styles.itemMeta}`}>
                <bdi data-testid="live-driver-position">
                  {driver.lat.toFixed(5)}, {driver.lng.toFixed(5)}
                </bdi>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="live-dispatches-heading" data-testid="live-dispatches">
        <h2 id="live-dispatches-heading">{format(t.dispatchesHeading, { count: data?.dispatches.length ?? '…' })}</h2>
        {data && data.dispatches.length === 0 ? <p className="muted">{t.dispatchesEmpty}</p> : null}
        {data && data.dispatches.length >= LIVE_MAP_LIMIT ? <p className="muted">{format(t.limitNote, { limit: LIVE_MAP_LIMIT })}</p> : null}
        <ul className={styles.list}>
          {data?.dispatches.map((dispatch) => (
            <li key={dispatch.id} data-testid="live-dispatch-item">
              <div className={styles.itemTop}>
                <Link href={`/admin/dispatches/${encodeURIComponent(dispatch.id)}`} className="mono">
                  {dispatch.r_id}
                </Link>
                <span className={statusBadgeClass(dispatch.state)}>{statusLabel(common, dispatch.state)}</span>
              </div>
              <div className={styles.itemMeta}>
                <bdi>{dispatch.account_name}</bdi> · <bdi>{dispatch.vendor_oid}</bdi>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

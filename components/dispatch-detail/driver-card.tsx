'use client';

import { useQuery } from '@tanstack/react-query';
import type { DispatchDetailText } from '@/lib/i18n/messages/dispatch-detail';
import styles from './dispatch-detail.module.css';
import { telHref } from './order-summary';
import { driverQuery } from './queries';
import { useDispatchSurface } from './surface';

/** Who is driving, when someone is. Positions are not reported by drivers yet (see the map). */
export function DriverCard({ dispatchId, driverId, t }: { dispatchId: string; driverId: string | null; t: DispatchDetailText }) {
  return (
    <section className="card" aria-labelledby="driver-title" data-testid="driver-card">
      <h2 id="driver-title">{t.sectionDriver}</h2>
      {driverId ? <DriverDetails dispatchId={dispatchId} driverId={driverId} t={t} /> : <p className="muted">{t.noDriver}</p>}
    </section>
  );
}

function DriverDetails({ dispatchId, driverId, t }: { dispatchId: string; driverId: string; t: DispatchDetailText }) {
  const driver = useQuery(driverQuery(dispatchId, driverId, useDispatchSurface()));
  if (driver.isPending) {
    return (
      <div className={styles.facts} aria-busy="true">
        <span className="skeleton" />
        <span className="skeleton" />
      </div>
    );
  }
  if (driver.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {t.driverLoadError}
      </p>
    );
  }
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t.driverName}</dt>
        <dd data-testid="driver-name">{driver.data.name}</dd>
        <dt>{t.driverPhone}</dt>
        <dd>
          {driver.data.phone ? (
            <a href={telHref(driver.data.phone)} dir="ltr">
              {driver.data.phone}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t.driverFleet}</dt>
        <dd className="mono">{driver.data.fleet_id ?? '—'}</dd>
      </dl>
      <p className="field__hint">{t.driverPositionUnavailable}</p>
    </>
  );
}

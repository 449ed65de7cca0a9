'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { errorText, type QueryErrorText } from '@/components/platform/ui/query-error';
import { useNow } from '@/components/platform/ui/use-now';
import { useToast } from '@/components/platform/ui/toast';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { driverFetch } from './driver-fetch';
import { formatKm, formatMoney, parseTime } from './format';
import { invalidateQueries, setQueryData } from './driver-store';
import { placeText, WaitNotice } from './wait-notice';
import { driverKeys } from './queries';
import type { DriverMe, Job, Offer } from './types';
import styles from './driver.module.css';

/**
 * The offer on the table, full width, with its countdown. It is gone the moment it expires on
 * this phone's clock (a prompt never outlives its offer), when the driver answers, and when the
 * server stops reporting it (taken back, given to another driver).
 */
export function OfferCard({ offer, t, common, locale }: { offer: Offer; t: DriverText; common: QueryErrorText; locale: Locale }) {
  const router = useRouter();
  const toast = useToast();
  const now = useNow(250);
  const [isAnswered, setIsAnswered] = useState(false);
  const expiresAt = parseTime(offer.expires_at);
  const secondsLeft = now === null ? null : Math.max(0, Math.ceil((expiresAt - now) / 1000));
  const isExpired = secondsLeft === 0;

  const dropOffer = () =>
    setQueryData<DriverMe>(driverKeys.me(), (me) => (me && me.offer?.id === offer.id ? { ...me, offer: null } : me));

  useEffect(() => {
    if (!isExpired) return;
    dropOffer();
    invalidateQueries(driverKeys.me());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it expires
  }, [isExpired]);

  const onClosed = (error: unknown) => {
    dropOffer();
    const isClosed = error instanceof ApiClientError && (error.status === 409 || error.status === 404);
    toast(isClosed ? t.offerClosed : errorText(error, common), 'error');
    invalidateQueries(driverKeys.all);
  };

  const stops = offer.trip?.dispatches ?? [];
  const isTrip = stops.length > 1 || offer.trip?.extends_trip === true;
  const [isAccepting, setIsAccepting] = useState(false);
  const accept = async () => {
    setIsAnswered(true);
    setIsAccepting(true);
    try {
      const { data: job } = await driverFetch<{ data: Job }>(`/api/driver/offers/${encodeURIComponent(offer.id)}/accept?locale=${locale}`, { method: 'POST' });
      dropOffer();
      setQueryData(driverKeys.job(job.id, locale), job);
      invalidateQueries(driverKeys.jobs());
      // A trip of several drop-offs (or one joining the trip under way) is shown on this screen
      // as one pickup and its drop-offs in order; a single delivery opens its job.
      if (!isTrip) router.push(`/driver/jobs/${encodeURIComponent(job.id)}`);
    } catch (error) {
      onClosed(error);
    } finally {
      setIsAccepting(false);
    }
  };
  const decline = async () => {
    setIsAnswered(true);
    dropOffer();
    await driverFetch(`/api/driver/offers/${encodeURIComponent(offer.id)}/decline`, { method: 'POST' }).catch(() => {});
    invalidateQueries(driverKeys.me());
  };

  if (isExpired || (isAnswered && !isAccepting)) return null;
  return (
    <section className={styles.offer} aria-labelledby="offer-title" data-testid="offer-card" data-offer-id={offer.id}>
      <div className={styles.offerTop}>
        <h2 id="offer-title" className={styles.offerTitle}>
          {t.offerTitle}
        </h2>
        <p className={styles.countdown} data-testid="offer-countdown" aria-live="off">
          {secondsLeft === null ? '' : format(t.offerExpiresIn, { seconds: secondsLeft })}
        </p>
      </div>
      <p className={styles.offerRestaurant}>{offer.restaurant}</p>
      {offer.trip?.kind === 'commit' ? <WaitNotice restaurant={offer.restaurant} readyAt={offer.trip.ready_at} count={stops.length} t={t} locale={locale} /> : null}
      {offer.trip?.extends_trip ? <p className={styles.muted}>{t.offerJoinsTrip}</p> : null}
      <dl className={styles.offerFacts}>
        <div>
          <dt>{t.pickup}</dt>
          <dd>{placeText(offer.pickup)}</dd>
        </div>
        {stops.length > 1 ? (
          <div>
            <dt>{format(t.tripTitle, { count: stops.length })}</dt>
            <dd>
              <ol className={styles.offerStops} data-testid="offer-dropoffs">
                {stops.map((stop) => (
                  <li key={stop.dispatch_id} data-testid="offer-dropoff" data-dispatch-id={stop.dispatch_id}>
                    {placeText(stop.destination)} <span className={styles.muted}>#{stop.r_id}</span>
                  </li>
                ))}
              </ol>
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t.destination}</dt>
            <dd>{placeText(offer.destination)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.offerDistances}>
        {offer.pickup_distance_km !== null ? <span>{format(t.offerPickupDistance, { km: formatKm(offer.pickup_distance_km, locale) })}</span> : null}
        <span>{format(t.offerTripDistance, { km: formatKm(offer.trip_km, locale) })}</span>
        {offer.tip ? (
          <span>
            {t.tip}: {formatMoney(offer.tip, locale)}
          </span>
        ) : null}
      </p>
      <div className={styles.offerActions}>
        <button type="button" className={`btn ${styles.big}`} onClick={() => void decline()} disabled={isAccepting} data-testid="offer-decline">
          {t.decline}
        </button>
        <button
          type="button"
          className={`btn btn--primary ${styles.big}`}
          onClick={() => void accept()}
          disabled={isAccepting}
          data-testid="offer-accept"
        >
          {t.accept}
        </button>
      </div>
      <div
        className={styles.countdownBar}
        aria-hidden="true"
        style={{ transform: `scaleX(${secondsLeft === null ? 1 : Math.min(1, (expiresAt - (now ?? 0)) / Math.max(1, expiresAt - parseTime(offer.created_at)))})` }}
      />
    </section>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LazyDispatchMap } from '@/components/platform/map/lazy-dispatch-map';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import { formatClock, formatDateTime, parseApiTimestamp } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { TrackingText } from '@/components/platform/i18n/messages/tracking';
import { pickLocaleText } from '@/components/platform/i18n/pick-locale-text';
import type { TrackingView as View } from '@/lib/dispatch/server/tracking/schemas';
import { storyOf, type Story } from '@/lib/dispatch/shared/tracking/story';
import { trackingQuery } from './queries';
import styles from './tracking.module.css';

/**
 * The view as the story reads it (times as numbers). `now`: the time, or before hydration (no
 * clock yet, the server's render repeated) the latest update's, so both renders tell the same story.
 */
function storyOfView(view: View, now: number | null): Story {
  const time = (timestamp: string) => parseApiTimestamp(timestamp).getTime();
  const position = view.driver?.position;
  return storyOf({
    state: view.state,
    timeline: view.timeline.map((entry) => ({ status: entry.status, time: time(entry.time) })),
    driver: view.driver ? { position: position ? { lat: position.lat, lng: position.lng, time: time(position.time) } : null } : null,
    eta: view.eta ? { minutes: view.eta.minutes, stop: view.eta.stop, time: time(view.eta.time) } : null,
    plan: { pickupAt: time(view.plan.pickup_at), travelMinutes: view.plan.travel_minutes, approachMinutes: view.plan.approach_minutes },
    pickup: view.pickup,
    destination: view.destination,
    geofenceM: view.geofence_m,
    now: now ?? time(view.eta?.time ?? view.timeline.at(-1)?.time ?? view.plan.pickup_at),
  });
}

export interface TrackingMapConfig {
  tileUrl: string | null;
  tileAttribution: string;
}

/**
 * The end customer's page: what is happening now, the arrival estimate, the map with the driver,
 * and every update with its time. It arrives rendered with the server's data and then asks
 * again every few seconds until the delivery is finished.
 */
export function OrderTracking({ token, locale, t, map }: { token: string; locale: Locale; t: TrackingText; map: TrackingMapConfig }) {
  const { data: view, isError } = useQuery(trackingQuery(token));
  const now = useNow(30_000);
  // The server rendered the page with this data: it is always in the cache.
  if (!view) return null;

  const restaurant = pickLocaleText(view.restaurant_name, locale);
  const driverName = view.driver?.first_name || t.yourDriver;
  // The headline, the arrival line and the map tell one story, from the status and the position.
  const story = storyOfView(view, now);
  const driverPosition = story.map.showsDriver ? (view.driver?.position ?? null) : null;
  const values = { restaurant, driver: driverName };
  const tone = view.state === 'cancelled' || view.state === 'dispatch_rejected' ? 'ended' : view.state === 'delivered' ? 'done' : 'active';

  return (
    <div className={styles.stack}>
      <section
        className={`${styles.card} ${styles.status}`}
        data-tone={tone}
        aria-labelledby="tracking-headline"
        data-testid="tracking-status"
        data-state={view.state}
        data-phase={story.phase}
      >
        <div className={styles.statusTop}>
          <h2 id="tracking-headline" className={styles.headline} data-testid="tracking-headline">
            <Headline story={story} locale={locale} t={t} isHydrated={now !== null} />
          </h2>
          {view.is_finished ? null : (
            <span className={styles.live} title={t.liveHint} data-testid="tracking-live">
              <span className={styles.liveDot} aria-hidden="true" />
              {t.live}
            </span>
          )}
        </div>
        <p className={styles.detail}>{format(t[`detail_${story.detail as View['state']}`], values)}</p>
        {view.is_finished ? null : <Eta story={story} locale={locale} t={t} isHydrated={now !== null} />}
        {tone === 'ended' ? null : <Progress state={view.state} t={t} />}
        {isError ? (
          <p className={styles.refreshFailed} role="status">
            {t.refreshFailed}
          </p>
        ) : null}
      </section>

      {view.delivery_pin ? (
        <section className={`${styles.card} ${styles.pin}`} aria-labelledby="pin-heading" data-testid="tracking-delivery-pin">
          <h2 id="pin-heading" className={styles.driverHeading}>
            {t.deliveryPinHeading}
          </h2>
          {/* Digits read left to right in Arabic too. */}
          <p className={styles.pinCode} dir="ltr" data-testid="delivery-pin">
            {view.delivery_pin}
          </p>
          <p className={styles.muted}>{t.deliveryPinHint}</p>
        </section>
      ) : null}

      <section className={styles.mapCard} aria-label={t.mapLabel}>
        <LazyDispatchMap
          tileUrl={map.tileUrl}
          tileAttribution={map.tileAttribution}
          pickup={view.pickup}
          destination={view.destination}
          driver={driverPosition}
          labels={{
            map: t.mapLabel,
            pickup: t.mapPickup,
            destination: t.mapDestination,
            driver: format(t.mapDriver, { name: driverName }),
          }}
          // Each new step of the story frames the map again (e.g. the driver and the customer once
          // picked up); between steps a moving driver never moves the view under the reader's finger.
          fitKey={`${token}:${story.phase}`}
          height="min(46vh, 340px)"
          className={styles.map}
        />
        <ul className={styles.legend} aria-label={t.mapLegend}>
          <li>
            <span className={`${styles.swatch} ${styles.swatchPickup}`} aria-hidden="true" />
            {t.mapPickup}
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchDestination}`} aria-hidden="true" />
            {t.mapDestination}
          </li>
          {driverPosition ? (
            <li>
              <span className={`${styles.swatch} ${styles.swatchDriver}`} aria-hidden="true" />
              {driverName}
            </li>
          ) : null}
        </ul>
      </section>

      {view.driver ? (
        <section className={`${styles.card} ${styles.driver}`} aria-labelledby="driver-heading" data-testid="tracking-driver">
          <span className={styles.avatar} aria-hidden="true">
            {Array.from(view.driver.first_name)[0] ?? '•'}
          </span>
          <div>
            <h2 id="driver-heading" className={styles.driverHeading}>
              {t.driverHeading}
            </h2>
            <p className={styles.driverName} data-testid="driver-first-name">
              {view.driver.first_name}
            </p>
            <p className={styles.muted} data-testid="driver-location">
              {view.driver.position ? (
                <Clock timestamp={view.driver.position.time} locale={locale} template={t.driverLocation} />
              ) : (
                t.driverNoLocation
              )}
            </p>
          </div>
        </section>
      ) : null}

      <Timeline entries={view.timeline} locale={locale} t={t} />
    </div>
  );
}

/** The headline: what is happening now, as the story tells it ("Delivered at 18:42" once the clock is known). */
function Headline({ story, locale, t, isHydrated }: { story: Story; locale: Locale; t: TrackingText; isHydrated: boolean }) {
  switch (story.phase) {
    case 'delivered':
      return story.eta?.kind === 'delivered' && isHydrated ? format(t.story_delivered, { time: formatClock(new Date(story.eta.at), locale) }) : t.headline_delivered;
    case 'cancelled':
      return t.headline_cancelled;
    case 'unavailable':
      return t.headline_dispatch_rejected;
    default:
      return t[`story_${story.phase}`];
  }
}

/**
 * The arrival line of the story: a time of day while the restaurant is still ahead, the minutes
 * left (and the time) once the order is on its way, nothing once the driver is at the door, and
 * nothing made up when nothing is known. Times show once hydrated (the reader's time zone).
 */
function Eta({ story, locale, t, isHydrated }: { story: Story; locale: Locale; t: TrackingText; isHydrated: boolean }) {
  const eta = story.eta;
  if (!eta || eta.kind === 'delivered') return null;
  if (eta.kind === 'unknown') {
    return (
      <p className={styles.etaUnknown} data-testid="tracking-eta-unknown">
        {t.etaUnknown}
      </p>
    );
  }
  const clock = isHydrated ? format(t.etaAround, { time: formatClock(new Date(eta.at), locale) }) : null;
  return (
    <div className={styles.eta} data-testid="tracking-eta" data-kind={eta.kind} data-minutes={eta.kind === 'minutes' ? eta.minutes : undefined}>
      <span className={styles.etaLabel}>{t.etaLabel}</span>
      {eta.kind === 'minutes' ? (
        <>
          <span className={styles.etaValue}>{eta.minutes === 0 ? t.etaToYouSoon : format(t.etaToYou, { duration: duration(eta.minutes, locale, t) })}</span>
          {clock ? <span className={styles.etaClock}>{clock}</span> : null}
        </>
      ) : (
        // A time of day: the order at the door after the driver's pickup and the ride.
        <span className={styles.etaValue} data-empty={!clock}>
          {clock ?? '\u00a0'}
        </span>
      )}
    </div>
  );
}

/** `8 min`, `8 دقائق`: Arabic counts minutes in six plural forms. */
function duration(minutes: number, locale: Locale, t: TrackingText): string {
  const category = new Intl.PluralRules(locale).select(minutes);
  return format(t[`minutes_${category}`], { minutes });
}

const STEPS = ['stepPlaced', 'stepDriver', 'stepOnTheWay', 'stepDelivered'] as const;

function stepOf(state: View['state']): number {
  if (state === 'delivered' || state === 'qa_qc') return 4; // every step done
  if (state === 'picked_up') return 2;
  if (state === 'assigned' || state === 'accepted' || state === 'ready_for_pickup') return 1;
  return 0;
}

function Progress({ state, t }: { state: View['state']; t: TrackingText }) {
  const current = stepOf(state);
  return (
    <ol className={styles.progress} aria-label={t.progressLabel} data-testid="tracking-progress">
      {STEPS.map((step, index) => {
        const status = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step} className={styles.step} data-status={status} aria-current={status === 'current' ? 'step' : undefined}>
            <span className={styles.stepBar} aria-hidden="true" />
            <span className={styles.stepText}>
              {t[step]}
              {status === 'done' ? <span className="sr-only"> ({t.stepDone})</span> : null}
              {status === 'current' ? <span className="sr-only"> ({t.stepCurrent})</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Every update, newest first, with its time; screen readers hear each new one. */
function Timeline({ entries, locale, t }: { entries: View['timeline']; locale: Locale; t: TrackingText }) {
  const newest = entries.at(-1);
  return (
    <section className={styles.card} aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className={styles.sectionHeading}>
        {t.timelineHeading}
      </h2>
      <ol className={styles.timeline} data-testid="tracking-timeline">
        {entries
          .map((entry, index) => ({ entry, index }))
          .reverse()
          .map(({ entry, index }) => (
            // The history only grows at the end: positions are stable keys.
            <li
              key={index}
              className={styles.entry}
              data-testid="tracking-timeline-entry"
              data-status={entry.status}
              data-latest={index === entries.length - 1}
              aria-current={index === entries.length - 1 ? 'step' : undefined}
            >
              <span className={styles.entryDot} aria-hidden="true" />
              <span className={styles.entryText}>{t[`status_${entry.status}`]}</span>
              <Clock timestamp={entry.time} locale={locale} className={styles.entryTime} />
            </li>
          ))}
      </ol>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="tracking-announcement">
        {newest ? format(t.timelineLatest, { status: t[`status_${newest.status}`] }) : ''}
      </p>
    </section>
  );
}

/**
 * A time of day in the viewer's zone (the server does not know it): an empty placeholder of the
 * same width until hydrated, the full date in the tooltip.
 */
function Clock({ timestamp, locale, template, className }: { timestamp: string; locale: Locale; template?: string; className?: string }) {
  const isHydrated = useIsHydrated();
  const date = parseApiTimestamp(timestamp);
  const clock = isHydrated ? formatClock(date, locale) : '';
  const time = (
    <time dateTime={date.toISOString()} title={isHydrated ? formatDateTime(timestamp, locale) : undefined} className={className} data-empty={!isHydrated}>
      {clock}
    </time>
  );
  if (!template) return time;
  const [before, after] = template.split('{time}');
  return (
    <>
      {before}
      {time}
      {after}
    </>
  );
}

/** The current time, refreshed every `intervalMs`; null during the server render and hydration. */
function useNow(intervalMs: number): number | null {
  const isHydrated = useIsHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return isHydrated ? now : null;
}

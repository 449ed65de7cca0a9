'use client';

import { useState } from 'react';
import { format } from '@/components/platform/i18n/messages';
import type { Locale } from '@/components/platform/i18n/locale';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { canRecordStatus, isLifecycleStatus } from '@/lib/dispatch/shared/transitions/table';
import { JobLink } from './job-link';
import { invalidateQueries } from './driver-store';
import { submit } from './outbox';
import { driverKeys } from './queries';
import type { JobSummary } from './types';
import styles from './driver.module.css';
import { placeText, WaitNotice } from './wait-notice';
import { FormFailure } from '@/components/platform/ui/form-failure';

// Trips (bundles) of the dispatch engine in the driver app: one pickup, then its drop-offs in the
// order the engine planned, each a job of its own with its own proof (job-detail.tsx). A driver
// sent ahead to wait (`commit`) sees where to go and when the food will be ready, in their
// language and time zone.

/** Whether the table lets a driver record the pickup from `state` (a pending change's included). */
const canPickUp = (state: string) => isLifecycleStatus(state) && canRecordStatus(state, 'picked_up');

/** Groups the active jobs the home screen shows as trips: more than one drop-off, or a driver sent ahead to wait. */
export function tripsOf(jobs: JobSummary[]): { trips: JobSummary[][]; others: JobSummary[] } {
  const byTrip = new Map<string, JobSummary[]>();
  const others: JobSummary[] = [];
  for (const job of jobs) {
    const trip = job.trip;
    if (trip && (trip.size > 1 || trip.waiting)) {
      const group = byTrip.get(trip.id);
      if (group) group.push(job);
      else byTrip.set(trip.id, [job]);
    } else {
      others.push(job);
    }
  }
  const trips = [...byTrip.values()].map((group) => group.sort((a, b) => a.trip!.position - b.trip!.position));
  return { trips, others };
}

/** One trip on the home screen: the pickup (with the wait, if sent ahead), then its drop-offs in order. */
/** What the home screen's job lists are drawn from. */
export interface JobListProps {
  jobs: JobSummary[];
  t: DriverText;
  statusLabels: Record<string, string>;
  pendingState: (id: string) => string | null;
  locale: Locale;
}

export function TripCard({ jobs, t, statusLabels, pendingState, locale }: JobListProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const lead = jobs[0]!;
  const trip = lead.trip!;
  const stateOf = (job: JobSummary) => pendingState(job.id) ?? job.state;
  const toPickUp = jobs.filter((job) => canPickUp(stateOf(job)));
  const waiting = jobs.some((job) => job.trip?.waiting && !pendingState(job.id));

  // Every order of the trip leaves the restaurant together: one tap records each pickup, in order, through the outbox.
  const pickUpAll = async () => {
    setIsBusy(true);
    setFailure(null);
    try {
      for (const job of toPickUp) {
        const outcome = await submit({
          kind: 'status',
          dispatchId: job.id,
          path: `/api/driver/jobs/${encodeURIComponent(job.id)}/status`,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'picked_up' }),
          label: 'picked_up',
        });
        if (outcome.state === 'refused') {
          setFailure(outcome.error.message);
          break;
        }
      }
    } finally {
      setIsBusy(false);
      invalidateQueries(driverKeys.jobs());
    }
  };

  return (
    <section className={`${styles.card} ${styles.stackTight}`} aria-labelledby={`trip-${trip.id}`} data-testid="trip" data-trip-id={trip.id}>
      <h3 id={`trip-${trip.id}`} className={styles.subTitle}>
        {trip.size === 1 ? t.tripTitleOne : format(t.tripTitle, { count: trip.size })}
      </h3>
      <p data-testid="trip-pickup">
        <strong>{format(t.tripPickup, { restaurant: lead.restaurant })}</strong>
        <br />
        <span className={styles.muted}>{placeText(lead.pickup)}</span>
      </p>
      {waiting ? <WaitNotice restaurant={lead.restaurant} readyAt={trip.ready_at} count={jobs.length} t={t} locale={locale} /> : null}
      <FormFailure message={failure} testId="trip-error" />
      {toPickUp.length > 0 ? (
        <button type="button" className={`btn btn--primary ${styles.big}`} disabled={isBusy} onClick={() => void pickUpAll()} data-testid="trip-picked-up">
          {toPickUp.length > 1 ? t.tripPickUpAll : t.action_picked_up}
        </button>
      ) : null}
      <p className={styles.muted}>{t.tripDropoffs}</p>
      <ol className={styles.jobList} data-testid="trip-dropoffs">
        {jobs.map((job) => {
          const state = stateOf(job);
          const position = job.trip!.position + 1;
          return (
            <li key={job.id} data-testid="trip-dropoff" data-position={position} data-dispatch-id={job.id}>
              <JobLink
                job={job}
                title={
                  <>
                    <span className={styles.stopNumber} aria-hidden="true">
                      {position}
                    </span>{' '}
                    {format(t.tripDropoff, { position })}
                  </>
                }
                stateLabel={statusLabels[state] ?? state}
                place={job.destination ? placeText(job.destination) : null}
                pendingNote={pendingState(job.id) ? t.pendingSync : null}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

'use client';

import { useState } from 'react';
import { errorText, QueryError, type QueryErrorText } from '@/components/platform/ui/query-error';
import { useToast } from '@/components/platform/ui/toast';
import type { Locale } from '@/components/platform/i18n/locale';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { isOnDuty } from '@/lib/dispatch/shared/transitions/table';
import { driverFetch } from './driver-fetch';
import type { DriverPageText } from './page-text';
import { JobLink } from './job-link';
import { OfferCard } from './offer-card';
import { TripCard, tripsOf, type JobListProps } from './trip';
import { getQueryData, invalidateQueries, setQueryData, useDriverQuery } from './driver-store';
import { driverKeys, jobsQuery, meQuery } from './queries';
import type { DriverMe } from './types';
import { useLocationProblem } from './use-position-reporter';
import { usePendingState } from './use-pending-state';
import styles from './driver.module.css';

/** /driver: the duty switch, the offer on the table, and the driver's deliveries. */
export function DriverHome({ t, common, statusLabels, locale }: DriverPageText) {
  const me = useDriverQuery(meQuery());
  return (
    <div className={styles.stack}>
      {me.error && !me.data ? <QueryError error={me.error} onRetry={() => void me.refetch()} common={common} /> : null}
      <DutySwitch me={me.data} t={t} common={common} />
      <LocationNotice t={t} isOnDuty={me.data?.driver.on_duty === true} />
      {me.data?.offer ? <OfferCard key={me.data.offer.id} offer={me.data.offer} t={t} common={common} locale={locale} /> : null}
      <JobsList t={t} common={common} statusLabels={statusLabels} locale={locale} />
    </div>
  );
}

function DutySwitch({ me, t, common }: { me: DriverMe | undefined; t: DriverText; common: QueryErrorText }) {
  const toast = useToast();
  const [isChanging, setIsChanging] = useState(false);
  const isOnDuty = me?.driver.on_duty === true;

  // Shown switched at once; put back if the server refuses.
  const change = async (next: boolean) => {
    setIsChanging(true);
    const before = getQueryData<DriverMe>(driverKeys.me());
    if (before) setQueryData<DriverMe>(driverKeys.me(), { ...before, driver: { ...before.driver, on_duty: next }, offer: next ? before.offer : null });
    try {
      await driverFetch('/api/driver/duty', { method: 'PUT', body: { on_duty: next } });
    } catch (error) {
      if (before) setQueryData(driverKeys.me(), before);
      toast(errorText(error, common), 'error');
    } finally {
      setIsChanging(false);
      invalidateQueries(driverKeys.me());
    }
  };

  return (
    <section className={`${styles.card} ${isOnDuty ? styles.dutyOn : ''}`} aria-label={t.dutyLabel}>
      <div className={styles.dutyRow}>
        <div>
          <p className={styles.dutyState} data-testid="duty-state">
            {me ? (isOnDuty ? t.onDuty : t.offDuty) : '…'}
          </p>
          <p className={styles.muted}>{isOnDuty ? t.dutyOnHint : t.dutyOffHint}</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isOnDuty}
          aria-label={t.onDuty}
          className={styles.switch}
          disabled={!me || isChanging}
          onClick={() => void change(!isOnDuty)}
          data-testid="duty-switch"
        >
          <span className={styles.switchKnob} aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

function LocationNotice({ t, isOnDuty }: { t: DriverText; isOnDuty: boolean }) {
  const problem = useLocationProblem();
  if (!isOnDuty || !problem) return null;
  return (
    <p role="alert" className="alert alert--warning">
      {problem === 'denied' ? t.locationDenied : t.locationUnavailable}
    </p>
  );
}

function JobsList({ t, common, statusLabels, locale }: { t: DriverText; common: QueryErrorText; statusLabels: Record<string, string>; locale: Locale }) {
  const jobs = useDriverQuery(jobsQuery(locale));
  const pendingState = usePendingState();
  if (jobs.error && !jobs.data) return <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} common={common} />;
  const all = jobs.data ?? [];
  const active = all.filter((job) => isOnDuty(pendingState(job.id) ?? job.state));
  const finished = all.filter((job) => !active.includes(job));
  return (
    <section className={styles.stack} aria-labelledby="jobs-title">
      <h2 id="jobs-title" className={styles.sectionTitle}>
        {t.jobsTitle}
      </h2>
      {jobs.isPending ? <div className={`skeleton ${styles.jobSkeleton}`} aria-hidden="true" /> : null}
      {!jobs.isPending && all.length === 0 ? <p className={styles.muted}>{t.jobsEmpty}</p> : null}
      <ActiveJobs jobs={active} t={t} statusLabels={statusLabels} pendingState={pendingState} locale={locale} />
      {finished.length > 0 ? (
        <>
          <h3 className={styles.subTitle}>{t.jobsFinished}</h3>
          <JobLinks jobs={finished} t={t} statusLabels={statusLabels} pendingState={pendingState} />
        </>
      ) : null}
    </section>
  );
}

/** Jobs under way: the engine's trips as one pickup and their drop-offs in order, then the single jobs. */
function ActiveJobs({ jobs, t, statusLabels, pendingState, locale }: JobListProps) {
  const { trips, others } = tripsOf(jobs);
  return (
    <>
      {trips.map((trip) => (
        <TripCard key={trip[0]!.trip!.id} jobs={trip} t={t} statusLabels={statusLabels} pendingState={pendingState} locale={locale} />
      ))}
      <JobLinks jobs={others} t={t} statusLabels={statusLabels} pendingState={pendingState} />
    </>
  );
}

function JobLinks({ jobs, t, statusLabels, pendingState }: Omit<JobListProps, 'locale'>) {
  if (jobs.length === 0) return null;
  return (
    <ul className={styles.jobList} data-testid="job-list">
      {jobs.map((job) => {
        const pending = pendingState(job.id);
        const state = pending ?? job.state;
        // A finished job no longer shows where its customer lives.
        const isActive = isOnDuty(state);
        return (
          <li key={job.id}>
            <JobLink
              job={job}
              title={job.restaurant}
              stateLabel={statusLabels[state] ?? state}
              place={isActive && job.destination ? (job.destination.address_line ?? `${job.destination.lat.toFixed(4)}, ${job.destination.lng.toFixed(4)}`) : null}
              pendingNote={pending ? t.pendingSync : null}
            />
          </li>
        );
      })}
    </ul>
  );
}

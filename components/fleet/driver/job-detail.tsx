'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { LazyDispatchMap } from '@/components/platform/map/lazy-dispatch-map';
import { QueryError } from '@/components/platform/ui/query-error';
import { useToast } from '@/components/platform/ui/toast';
import { format } from '@/components/platform/i18n/messages';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { driverNextStatuses, isLifecycleStatus, isOnDuty } from '@/lib/dispatch/shared/transitions/table';
import { DriverLink } from './driver-link';
import { formatAmount, formatMoney } from './format';
import { navigateUrl } from './navigate-url';
import type { DriverPageText } from './page-text';
import { submit, type Outcome } from './outbox';
import type { FailureForm as FailureFormType } from './failure-form';
import type { ProofForm as ProofFormType } from './proof-form';
import { invalidateQueries, setQueryData, useDriverQuery } from './driver-store';
import { forgetJob } from './offline-snapshots';
import { driverKeys, jobQuery, jobsQuery } from './queries';
import { WaitNotice } from './wait-notice';
import type { DriverPlace, Job } from './types';
import { useCurrentFix } from './use-position-reporter';
import { usePendingState } from './use-pending-state';
import styles from './driver.module.css';
import { LtrText } from '@/components/platform/ui/ltr-text';
import { FormFailure } from '@/components/platform/ui/form-failure';

// The proof and failure forms (camera, signature pad, image downscaling) are needed once per
// delivery, at the door: chunks of their own, outside the first load, fetched right after it
// (so the service worker has them before the signal is gone).
const loadProofForm = () => import('./proof-form');
const loadFailureForm = () => import('./failure-form');
const ProofForm = dynamic<Parameters<typeof ProofFormType>[0]>(() => loadProofForm().then((module) => module.ProofForm), { ssr: false });
const FailureForm = dynamic<Parameters<typeof FailureFormType>[0]>(() => loadFailureForm().then((module) => module.FailureForm), { ssr: false });

/** What a driver records with a button; `delivered` goes through the proof form. */
const BUTTON_STATUSES = ['accepted', 'picked_up'] as const;

/**
 * The next steps shown while a change waits in the outbox (no signal): the server's
 * `next_statuses` are for the state it knows. This guesses the driver's own path from the same
 * table the server asks (driverNextStatuses); the server checks every step again when the outbox
 * reaches it, and its answer replaces the guess.
 */
function nextWhileWaiting(pendingState: string): readonly string[] {
  return isLifecycleStatus(pendingState) ? driverNextStatuses(pendingState) : [];
}

export interface MapSettings {
  tileUrl: string | null;
  tileAttribution?: string;
}

export function JobDetail({ id, t, common, statusLabels, locale, map }: DriverPageText & { id: string; map: MapSettings }) {
  const job = useDriverQuery(jobQuery(id, locale));
  useEffect(() => {
    void loadProofForm();
    void loadFailureForm();
  }, []);
  const pendingState = usePendingState()(id);
  const fix = useCurrentFix();

  if (job.error && !job.data) {
    const isMissing = job.error instanceof ApiClientError && job.error.status === 404;
    return (
      <div className={styles.stack}>
        <BackLink t={t} />
        {isMissing ? (
          <p className="alert alert--error" role="alert" data-testid="job-not-found">
            {t.jobNotFound}
          </p>
        ) : (
          <QueryError error={job.error} onRetry={() => void job.refetch()} common={common} />
        )}
      </div>
    );
  }
  if (!job.data) {
    return (
      <div className={styles.stack} aria-busy="true">
        <BackLink t={t} />
        <div className={`skeleton ${styles.jobSkeleton}`} />
      </div>
    );
  }

  const data = job.data;
  const state = pendingState ?? data.state;
  const nextStatuses = pendingState ? nextWhileWaiting(pendingState) : data.next_statuses;
  const nextStop: DriverPlace = state === 'picked_up' && data.destination ? data.destination : data.pickup;
  const isActive = isOnDuty(state);

  return (
    <div className={styles.stack}>
      <BackLink t={t} />
      <header className={styles.jobHeader}>
        <h1 className={styles.jobTitle}>{format(t.jobTitle, { ref: data.r_id })}</h1>
        <span className="badge badge--active" data-testid="job-status">
          {statusLabels[state] ?? state}
        </span>
        {pendingState ? (
          <span className={styles.pendingNote} data-testid="job-pending">
            {t.pendingSync}
          </span>
        ) : null}
      </header>

      {data.trip && data.trip.size > 1 ? (
        <p className={styles.muted} data-testid="trip-position">
          <span className={styles.stopNumber} aria-hidden="true">
            {data.trip.position + 1}
          </span>{' '}
          {format(t.tripDropoffOf, { position: data.trip.position + 1, size: data.trip.size })}
        </p>
      ) : null}
      {data.trip?.waiting && !pendingState ? <WaitNotice restaurant={data.restaurant} readyAt={data.trip.ready_at} count={data.trip.size} t={t} locale={locale} /> : null}
      {!isActive && data.trip ? <NextDropoff job={data} t={t} locale={locale} /> : null}

      {/* A finished job shows nothing of where its customer lives (and the server stops sending it). */}
      {isActive ? (
        <LazyDispatchMap
          tileUrl={map.tileUrl}
          tileAttribution={map.tileAttribution}
          pickup={data.pickup}
          destination={data.destination}
          driver={fix ? { lat: fix.lat, lng: fix.lng } : null}
          labels={{ map: t.map, pickup: t.pickup, destination: t.destination }}
          fitKey={data.id}
          height={220}
        />
      ) : null}

      {isActive ? (
        <a className={`btn ${styles.big}`} href={navigateUrl(nextStop)} target="_blank" rel="noopener noreferrer" data-testid="navigate">
          {state === 'picked_up' ? t.navigateToDestination : t.navigateToPickup}
        </a>
      ) : null}

      <Actions job={data} state={state} nextStatuses={nextStatuses} t={t} statusLabels={statusLabels} locale={locale} />
      {!isActive ? <p className="alert alert--info">{t.finished}</p> : null}

      <JobFacts job={data} t={t} locale={locale} isActive={isActive} />
    </div>
  );
}

/** After a trip's drop-off: the next one still under way, in the trip's order. */
function NextDropoff({ job, t, locale }: { job: Job; t: DriverText; locale: DriverPageText['locale'] }) {
  const jobs = useDriverQuery(jobsQuery(locale));
  const pendingState = usePendingState();
  const next = (jobs.data ?? [])
    .filter((other) => other.trip?.id === job.trip!.id && other.id !== job.id && isOnDuty(pendingState(other.id) ?? other.state))
    .sort((a, b) => a.trip!.position - b.trip!.position)[0];
  if (!next) return null;
  return (
    <DriverLink href={`/driver/jobs/${encodeURIComponent(next.id)}`} className={`btn btn--primary ${styles.big}`} testId="trip-next">
      {t.tripNextDropoff}
    </DriverLink>
  );
}

function BackLink({ t }: { t: DriverText }) {
  return (
    <DriverLink href="/driver" className={styles.back}>
      <span aria-hidden="true" className={styles.backArrow}>
        ←
      </span>{' '}
      {t.backToJobs}
    </DriverLink>
  );
}

/** The buttons for the statuses the server says may come next, and the proof and failure forms. */
function Actions({
  job,
  state,
  nextStatuses,
  t,
  statusLabels,
  locale,
}: {
  job: Job;
  state: string;
  nextStatuses: readonly string[];
  t: DriverText;
  statusLabels: Record<string, string>;
  locale: DriverPageText['locale'];
}) {
  const toast = useToast();
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isReportingFailure, setIsReportingFailure] = useState(false);

  /** Runs entries through the outbox in order; the first refusal stops the rest and is shown. */
  const run = async (entries: Parameters<typeof submit>[0][], describe: (error: ApiClientError) => string = (error) => error.message) => {
    setIsBusy(true);
    setFailure(null);
    try {
      let last: Outcome = { state: 'queued' };
      for (const entry of entries) {
        last = await submit(entry);
        if (last.state === 'refused') {
          setFailure(describe(last.error));
          return false;
        }
      }
      if (last.state === 'sent') {
        const updated = (last.body as { data?: Job } | null)?.data;
        if (updated?.id === job.id) setQueryData(driverKeys.job(job.id, locale), updated);
      } else {
        toast(t.queued, 'info');
        // Delivered or failed, waiting for the signal: the driver is done with the customer, so
        // the copies of the job go now, not at the next read (the outbox keeps what must be sent).
        if (entries.some((entry) => entry.kind === 'deliver' || entry.kind === 'fail')) void forgetJob(job.id);
      }
      invalidateQueries(driverKeys.jobs());
      return true;
    } finally {
      setIsBusy(false);
    }
  };

  const buttons = BUTTON_STATUSES.filter((status) => nextStatuses.includes(status));
  const canDeliver = nextStatuses.includes('delivered');
  const canFail = state === 'picked_up';
  if (buttons.length === 0 && !canDeliver && !canFail) return null;

  return (
    <section className={styles.stack}>
      <FormFailure message={failure} testId="action-error" />
      {buttons.map((status) => (
        <button
          key={status}
          type="button"
          className={`btn btn--primary ${styles.big}`}
          disabled={isBusy}
          data-testid={`action-${status}`}
          onClick={() =>
            void run([
              {
                kind: 'status',
                dispatchId: job.id,
                path: `/api/driver/jobs/${encodeURIComponent(job.id)}/status`,
                contentType: 'application/json',
                body: JSON.stringify({ status }),
                label: status,
              },
            ])
          }
        >
          {t[`action_${status}`] ?? statusLabels[status]}
        </button>
      ))}
      {canDeliver ? <ProofForm job={job} t={t} locale={locale} isBusy={isBusy} run={run} /> : null}
      {canFail ? (
        isReportingFailure ? (
          <FailureForm job={job} t={t} isBusy={isBusy} run={run} onCancel={() => setIsReportingFailure(false)} />
        ) : (
          <button type="button" className={`btn btn--danger ${styles.big}`} onClick={() => setIsReportingFailure(true)} data-testid="action-failed">
            {t.deliveryFailed}
          </button>
        )
      ) : null}
    </section>
  );
}

/**
 * The restaurant, the order, the customer and what the vendor said about the drop-off. Once the
 * job is finished (or waits to sync as such) the customer's part goes: address, name, phone,
 * drop-off instructions.
 */
function JobFacts({ job, t, locale, isActive }: { job: Job; t: DriverText; locale: DriverPageText['locale']; isActive: boolean }) {
  const place = (point: DriverPlace) => point.address_line || `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;
  const customer = isActive ? job.customer : null;
  const instructions = isActive ? job.dropoff_instructions : null;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t.restaurant}</dt>
        <dd data-testid="job-restaurant">
          <strong>{job.restaurant}</strong>
          <br />
          {place(job.pickup)}
        </dd>
      </div>
      {isActive && job.destination ? (
        <div>
          <dt>{t.destination}</dt>
          <dd>{place(job.destination)}</dd>
        </div>
      ) : null}
      {customer?.first_name || customer?.phone ? (
        <div>
          <dt>{t.customer}</dt>
          <dd className={styles.customer}>
            <span data-testid="customer-name">{customer.first_name}</span>
            {customer.phone ? (
              <a className={`btn ${styles.call}`} href={`tel:${customer.phone}`} data-testid="call-customer">
                <WithValue template={t.call} name="name">
                  {customer.first_name ? <bdi>{customer.first_name}</bdi> : <LtrText>{customer.phone}</LtrText>}
                </WithValue>
              </a>
            ) : null}
          </dd>
        </div>
      ) : null}
      {instructions ? (
        <div>
          <dt>{t.dropoffInstructions}</dt>
          <dd data-testid="dropoff-instructions">{instructions}</dd>
        </div>
      ) : null}
      {job.contactless ? (
        <div>
          <dt className="sr-only">{t.contactless}</dt>
          <dd>
            <span className="badge badge--warning" data-testid="contactless">
              {t.contactless}
            </span>
          </dd>
        </div>
      ) : null}
      {job.tip ? (
        <div>
          <dt>{t.tip}</dt>
          <dd data-testid="tip">{formatMoney(job.tip, locale)}</dd>
        </div>
      ) : null}
      {job.order && job.order.items.length > 0 ? (
        <div>
          <dt>{t.order}</dt>
          <dd>
            <ul className={styles.items} data-testid="order-items">
              {job.order.items.map((item, index) => (
                <li key={index}>{format(t.itemLine, { count: item.count, name: item.name })}</li>
              ))}
            </ul>
            {job.order.total !== null && job.order.total !== undefined ? (
              <p>
                {t.orderTotal}: {formatAmount(job.order.total, job.order.currency, locale)}
                {job.order.payment_type ? ` · ${job.order.payment_type.toUpperCase() === 'CASH' ? t.paymentCash : t.paymentPaid}` : null}
              </p>
            ) : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A sentence with one value in it (`{name}`), the value kept whole in its own direction. */
function WithValue({ template, name, children }: { template: string; name: string; children: ReactNode }) {
  const [before = '', after = ''] = template.split(`{${name}}`);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}

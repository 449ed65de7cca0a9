import type { Locale } from '@/components/platform/i18n/locale';
import { isOnDuty } from '@/lib/dispatch/shared/transitions/table';
import { driverFetch } from './driver-fetch';
import { parseTime } from './format';
import { learnServerTime } from './server-clock';
import type { QueryDef } from './driver-store';
import type { DriverMe, Job, JobSummary } from './types';

// Everything of the signed-in driver lives under ['driver']: after an action,
// `invalidateQueries(driverKeys.all)` refreshes the offer, the list and the job.
export const driverKeys = {
  all: ['driver'] as const,
  me: () => [...driverKeys.all, 'me'] as const,
  jobs: () => [...driverKeys.all, 'jobs'] as const,
  // The restaurant's name and the order's items come in the page's language.
  jobList: (locale: Locale) => [...driverKeys.jobs(), 'list', locale] as const,
  job: (id: string, locale: Locale) => [...driverKeys.jobs(), id, locale] as const,
};

/**
 * How often an on-duty driver asks for a new offer (there is no event stream for drivers): an
 * offer lasts DRIVER_OFFER_TIMEOUT_S (45 s by default), so it shows within a few seconds of being
 * made, and one withdrawn by the server disappears as fast (an expired one goes at its expiry, on
 * the phone's own clock).
 */
export const OFFER_POLL_MS = 3_000;
const OFF_DUTY_POLL_MS = 30_000;
const JOBS_POLL_MS = 15_000;

/**
 * The offer's times moved onto this phone's clock, which may be minutes off the server's: it
 * expires `expires_in_ms` after the answer arrived (`receivedAt`), and its countdown shows that
 * (the offer card reads `expires_at` and `created_at`), not the server's time of day.
 */
export function onPhoneClock(me: DriverMe, receivedAt: number): DriverMe {
  if (!me.offer) return me;
  const shift = receivedAt + me.offer.expires_in_ms - parseTime(me.offer.expires_at);
  const moved = (time: string) => new Date(parseTime(time) + shift).toISOString();
  return { ...me, offer: { ...me.offer, expires_at: moved(me.offer.expires_at), created_at: moved(me.offer.created_at) } };
}

export function meQuery(): QueryDef<DriverMe> {
  return {
    key: driverKeys.me(),
    fetch: async (signal) => {
      const { data } = await driverFetch<{ data: DriverMe }>('/api/driver/me', { signal });
      const receivedAt = Date.now();
      learnServerTime(data.server_time, receivedAt);
      return onPhoneClock(data, receivedAt);
    },
    staleMs: 2_000,
    intervalMs: (me) => (me?.driver.on_duty ? OFFER_POLL_MS : OFF_DUTY_POLL_MS),
  };
}

export function jobsQuery(locale: Locale): QueryDef<JobSummary[]> {
  return {
    key: driverKeys.jobList(locale),
    fetch: async (signal) => (await driverFetch<{ data: JobSummary[] }>(`/api/driver/jobs?locale=${locale}`, { signal })).data,
    staleMs: 5_000,
    intervalMs: JOBS_POLL_MS,
    offlineCopy: (jobs) => {
      const underWay = jobs.filter((job) => isOnDuty(job.state));
      return underWay.length > 0 ? underWay : null;
    },
    underWay: (jobs) => jobs.filter((job) => isOnDuty(job.state)).map((job) => job.id),
  };
}

export function jobQuery(id: string, locale: Locale): QueryDef<Job> {
  return {
    key: driverKeys.job(id, locale),
    fetch: async (signal) => (await driverFetch<{ data: Job }>(`/api/driver/jobs/${encodeURIComponent(id)}?locale=${locale}`, { signal })).data,
    staleMs: 5_000,
    intervalMs: JOBS_POLL_MS,
    // The job's details, its customer's first name and phone included, stay on the phone only while it is under way.
    offlineCopy: (job) => (isOnDuty(job.state) ? job : null),
    jobId: id,
  };
}

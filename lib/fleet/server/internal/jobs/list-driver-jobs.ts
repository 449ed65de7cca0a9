import { db } from '@/lib/platform/server/db/client';
import { driverIdOf, JOB_SUMMARY_SELECT, toJobSummary } from '@/lib/fleet/server/internal/jobs/job-view';
import type { DriverJobLocale, JobSummary } from '@/lib/fleet/server/internal/jobs/schemas';
import type { DriverScope } from '@/lib/platform/server/tenancy/scope';
import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';

/** A job is finished once delivered (or reviewed) or cancelled. */
const FINISHED_STATES = ['delivered', 'qa_qc', 'cancelled'] as const;

/** How long a finished job stays in the driver's list. */
export const FINISHED_JOBS_WINDOW_MS = 24 * 60 * 60_000;
/** At most this many finished jobs are listed (the app shows the day's, not a history). */
const FINISHED_JOBS_MAX = 50;

/**
 * The driver's jobs: the dispatches assigned to them that are on duty (assigned … picked_up),
 * oldest first, then those finished in the last 24 hours, latest first. Only their own: the
 * driver scope is the `assigned_driver_id` filter (an offer is not a job: lib/fleet/server).
 */
export async function listDriverJobs(options: { scope: DriverScope; locale?: DriverJobLocale; now?: Date }): Promise<JobSummary[]> {
  const driverId = driverIdOf(options.scope);
  const since = new Date((options.now ?? new Date()).getTime() - FINISHED_JOBS_WINDOW_MS);
  const [onDuty, finished] = await Promise.all([
    db().dispatch.findMany({
      where: { assignedDriverId: driverId, state: { in: [...ON_DUTY_STATES] } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: JOB_SUMMARY_SELECT,
    }),
    db().dispatch.findMany({
      where: { assignedDriverId: driverId, state: { in: [...FINISHED_STATES] }, modifiedAt: { gte: since } },
      orderBy: [{ modifiedAt: 'desc' }, { id: 'desc' }],
      take: FINISHED_JOBS_MAX,
      select: JOB_SUMMARY_SELECT,
    }),
  ]);
  return [...onDuty, ...finished].map((row) => toJobSummary(row, options.locale ?? 'en'));
}

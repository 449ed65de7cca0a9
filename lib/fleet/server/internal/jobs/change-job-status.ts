import { changeStatus } from '@/lib/dispatch/server/change-status';
import { getDriverJob } from '@/lib/fleet/server/internal/jobs/get-driver-job';
import { driverActor } from '@/lib/fleet/server/internal/jobs/job-view';
import type { DriverJobLocale, Job } from '@/lib/fleet/server/internal/jobs/schemas';
import type { DriverScope } from '@/lib/platform/server/tenancy/scope';

/**
 * The driver records `accepted` or `picked_up` on their job, as `driver` / their id, through the
 * same changeStatus as every surface (the transition table, the history, the webhooks). The
 * driver scope reaches only a dispatch assigned to them, checked under the dispatch's lock.
 */
export async function changeJobStatus(options: { scope: DriverScope; id: string; status: 'accepted' | 'picked_up'; locale?: DriverJobLocale }): Promise<Job> {
  await changeStatus({ id: options.id, scope: options.scope, status: options.status, actor: driverActor(options.scope) });
  return getDriverJob(options);
}

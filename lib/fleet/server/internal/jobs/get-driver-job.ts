import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { driverIdOf, JOB_SELECT, toJob } from '@/lib/fleet/server/internal/jobs/job-view';
import type { DriverJobLocale, Job } from '@/lib/fleet/server/internal/jobs/schemas';
import type { DriverScope } from '@/lib/platform/server/tenancy/scope';

/**
 * One of the driver's jobs: a dispatch assigned to them. Another driver's dispatch, one offered
 * but not taken, or an unknown id: 404, the same answer, so nothing tells them apart.
 */
export async function getDriverJob(options: { scope: DriverScope; id: string; locale?: DriverJobLocale }): Promise<Job> {
  const driverId = driverIdOf(options.scope);
  const row = await db().dispatch.findFirst({ where: { id: options.id, assignedDriverId: driverId }, select: JOB_SELECT });
  if (!row) throw dispatchNotFound(options.id);
  return toJob(row, options.locale ?? 'en');
}

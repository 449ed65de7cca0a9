import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { isLifecycleStatus, nextStopOf, ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { DispatchEta } from '@/lib/fleet/shared/drivers/schemas';
import { assertInScope } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/**
 * The ETA last announced for a dispatch within the scope, or null while none stands: the
 * dispatch is not on duty, no position has been recorded since the assignment, or the ETA is to
 * a stop the driver has left behind (to the pickup, once picked up: the next position announces
 * one to the customer). 404 otherwise.
 */
export async function getDispatchEta(options: { id: string; scope: Scope }): Promise<DispatchEta | null> {
  const dispatch = await db().dispatch.findUnique({
    where: { id: options.id },
    select: { accountId: true, state: true, etaMinutes: true, etaStop: true, etaUpdatedAt: true },
  });
  assertInScope(options.scope, dispatch, () => dispatchNotFound(options.id));
  const { state, etaMinutes: minutes, etaStop: stop, etaUpdatedAt: at } = dispatch;
  if (!isLifecycleStatus(state) || !ON_DUTY_STATES.includes(state)) return null;
  if (minutes === null || at === null || stop !== nextStopOf(state)) return null;
  return { minutes, stop, at: formatTimestamp(at) };
}

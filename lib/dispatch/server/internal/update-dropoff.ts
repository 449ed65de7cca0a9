import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatch/server/apply-change';
import type { DispatchRecord, UpdateDropoffBody } from '@/lib/dispatch/shared/schemas';
import { canCancelOrder, isLifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';

/**
 * Changes the drop-off details (instructions, contactless, tip) until the driver has picked the
 * order up: the states from which `picked_up` is still ahead, read from the transition table as
 * cancel does. Announced as `dispatch.details_updated`.
 */
export async function updateDropoff(options: DispatchCommand & { input: UpdateDropoffBody }): Promise<DispatchRecord> {
  const { input } = options;
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    if (!isLifecycleStatus(current.state) || !canCancelOrder(current.state)) {
      throw new DomainError('invalid_state', `The drop-off details cannot change once the dispatch is ${current.state}`);
    }
    return applyChange(tx, current, {
      columns: {
        ...(input.dropoff_instructions !== undefined && { dropoff_instructions: input.dropoff_instructions || null }),
        ...(input.contactless !== undefined && { contactless: input.contactless }),
        ...(input.tip !== undefined && { tip_minor: input.tip }),
      },
      actor: options.actor,
      events: ['dispatch.details_updated'],
    });
  }, TX_OPTIONS);
}

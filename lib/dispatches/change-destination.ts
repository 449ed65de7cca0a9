import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatches/apply-change';
import type { Address, DispatchRecord } from '@/lib/dispatches/schemas';
import { DESTINATION_LOCKED_IN, isLifecycleStatus } from '@/lib/transitions/statuses';

/** Moves the destination of a dispatch within the scope; refused (409) once it is finished. */
export async function changeDestination(options: DispatchCommand & { destination: Address }): Promise<DispatchRecord> {
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    if (isLifecycleStatus(current.state) && DESTINATION_LOCKED_IN.includes(current.state)) {
      throw new DomainError('invalid_state', `The destination cannot change once the dispatch is ${current.state}`);
    }
    return applyChange(tx, current, {
      data: { destination: options.destination },
      actor: options.actor,
      events: ['dispatch.destination_updated'],
    });
  }, TX_OPTIONS);
}

import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { applyChange, lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatches/apply-change';
import type { Address, DispatchRecord } from '@/lib/dispatches/schemas';
import { DESTINATION_LOCKED_IN, isLifecycleStatus } from '@/lib/dispatches/statuses';

/** Moves the destination of an account's dispatch; refused (409) once it is finished. */
export async function changeDestination(options: {
  accountId: string | null;
  id: string;
  destination: Address;
  actor: Actor;
}): Promise<DispatchRecord> {
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, { id: options.id, accountId: options.accountId });
    if (isLifecycleStatus(current.state) && DESTINATION_LOCKED_IN.includes(current.state)) {
      throw new ApiError('invalid_state', `The destination cannot change once the dispatch is ${current.state}`);
    }
    return applyChange(tx, current, {
      data: { destination: options.destination },
      actor: options.actor,
      events: ['dispatch.destination_updated'],
    });
  }, TX_OPTIONS);
}

import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { isLifecycleStatus, nextStatuses } from '@/lib/dispatch/shared/transitions/statuses';

/** A status the transition table does not allow from `state` now, naming the ones it does. */
export function statusRefused(state: string, status: string): DomainError {
  const allowed = isLifecycleStatus(state) ? nextStatuses(state) : [];
  return new DomainError('invalid_transition', `Cannot record "${status}" while the dispatch is "${state}"; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`);
}

import { isLifecycleStatus, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/table';

/**
 * A dispatch's lifecycle state read from its status history (oldest first): the last lifecycle
 * entry; marker entries (`near_pickup`, …) after it do not change the state.
 */
export function currentStatus(history: readonly { status: string }[]): LifecycleStatus {
  for (let index = history.length - 1; index >= 0; index--) {
    const status = history[index]!.status;
    if (isLifecycleStatus(status)) return status;
  }
  return 'new';
}

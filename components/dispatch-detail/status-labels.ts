import type { DispatchRecord, StatusEntry } from '@/lib/dispatches/schemas';
import { DESTINATION_LOCKED_IN, isLifecycleStatus, type LifecycleStatus, type RefType, type Status } from '@/lib/dispatches/statuses';
import type { CommonText } from '@/lib/i18n/messages/common';

/** The lifecycle state: the last lifecycle entry of the history (markers do not change it). */
export function currentStatus(dispatch: Pick<DispatchRecord, 'status'>): LifecycleStatus {
  for (let index = dispatch.status.length - 1; index >= 0; index--) {
    const status = dispatch.status[index]?.status;
    if (status && isLifecycleStatus(status)) return status;
  }
  return 'new';
}

/** Whether the destination may still move (the same rule the server applies). */
export function isDestinationLocked(status: LifecycleStatus): boolean {
  return DESTINATION_LOCKED_IN.includes(status);
}

export function statusLabel(common: CommonText, status: Status): string {
  return common[`status_${status}`];
}

export function actorLabel(common: CommonText, entry: Pick<StatusEntry, 'ref_type' | 'ref_id'>): string {
  return `${common[`ref_${entry.ref_type satisfies RefType}`]} ${entry.ref_id}`;
}

const TONES: Record<LifecycleStatus, string> = {
  new: '',
  dispatch_accepted: 'badge--active',
  assigned: 'badge--active',
  accepted: 'badge--active',
  ready_for_pickup: 'badge--active',
  picked_up: 'badge--warning',
  delivered: 'badge--success',
  qa_qc: 'badge--success',
  cancelled: 'badge--danger',
  dispatch_rejected: 'badge--danger',
};

export function statusBadgeClass(status: Status): string {
  return ['badge', isLifecycleStatus(status) ? TONES[status] : ''].filter(Boolean).join(' ');
}

import type { StatusEntry } from '@/lib/dispatch/shared/schemas';
import { isLifecycleStatus, LIFECYCLE_STATUSES, MARKER_STATUSES, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/table';
import type { RefType, Status } from '@/lib/dispatch/shared/transitions/statuses';
import type { CommonText } from '@/components/platform/i18n/messages/common';

// Statuses in words and colours, for every page that shows one: the dispatch list and page (staff
// and console), the console's live map and driver pages. The state itself is the domain's
// (lib/dispatch/shared/transitions/current-status.ts). No zod here: the list's first-load script imports this.

/** Every status's label in the page's language. */
export type StatusLabels = Record<Status, string>;

export function statusLabel(common: CommonText, status: Status): string {
  return common[`status_${status}`];
}

/** Every status's label, for client components (a plain object crosses to the browser; the other texts stay behind). */
export function statusLabelsOf(common: CommonText): StatusLabels {
  return Object.fromEntries([...LIFECYCLE_STATUSES, ...MARKER_STATUSES].map((status) => [status, statusLabel(common, status)])) as StatusLabels;
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

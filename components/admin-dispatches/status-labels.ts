import { LIFECYCLE_STATUSES, MARKER_STATUSES, type LifecycleStatus, type MarkerStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { CommonText } from '@/lib/i18n/messages/common';

/** Every status's label in the page's language, for client components (a plain object crosses to the browser). */
export function statusLabelsOf(common: CommonText): Record<LifecycleStatus | MarkerStatus, string> {
  return Object.fromEntries([...LIFECYCLE_STATUSES, ...MARKER_STATUSES].map((status) => [status, common[`status_${status}`]])) as Record<
    LifecycleStatus | MarkerStatus,
    string
  >;
}

import { canRecordStatus, LIFECYCLE_STATUSES } from '@/lib/dispatch/shared/transitions/statuses';

/**
 * States a dispatch can be offered in: those that may record `assigned` (and it has no driver).
 * The dispatch engine's query names them as literals, to use the partial index
 * `dispatches_waiting_for_driver` (lib/engine/server/internal/live/load-round-input.ts); a test holds the two together.
 */
export const OFFERABLE_STATES: readonly string[] = LIFECYCLE_STATUSES.filter((state) => canRecordStatus(state, 'assigned'));

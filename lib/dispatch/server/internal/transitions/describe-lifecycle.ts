import { z } from 'zod';
import { LIFECYCLE_STATUSES, MARKER_ALLOWED_IN, MARKER_STATUSES, TRANSITIONS, DESTINATION_LOCKED_IN } from '@/lib/dispatch/shared/transitions/statuses';

export const LifecycleSchema = z
  .object({
    lifecycle_statuses: z.array(z.string()),
    marker_statuses: z.array(z.string()).meta({ description: 'Joined to the history without changing the state' }),
    transitions: z.record(z.string(), z.array(z.string())).meta({ description: 'state → states it may move to' }),
    markers_allowed_in: z.record(z.string(), z.array(z.string())),
    destination_locked_in: z.array(z.string()),
  })
  .meta({ id: 'Lifecycle' });

/** The transition table as data, for clients and the docs. */
export function describeLifecycle(): z.infer<typeof LifecycleSchema> {
  return {
    lifecycle_statuses: [...LIFECYCLE_STATUSES],
    marker_statuses: [...MARKER_STATUSES],
    transitions: Object.fromEntries(Object.entries(TRANSITIONS).map(([from, to]) => [from, [...to]])),
    markers_allowed_in: Object.fromEntries(Object.entries(MARKER_ALLOWED_IN).map(([marker, states]) => [marker, [...states]])),
    destination_locked_in: [...DESTINATION_LOCKED_IN],
  };
}

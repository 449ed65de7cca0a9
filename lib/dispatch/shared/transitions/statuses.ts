import { z } from 'zod';
import { LIFECYCLE_STATUSES, STATUSES } from '@/lib/dispatch/shared/transitions/table';

// The lifecycle's schemas for the API. The table itself (names, transitions, the questions asked
// of it) is `lib/dispatch/shared/transitions/table.ts`, free of zod so the browser can import it; it is re-exported
// here, so server code asks one module.
export * from '@/lib/dispatch/shared/transitions/table';

export const StatusSchema = z.enum(STATUSES).meta({ id: 'Status' });
export const LifecycleStatusSchema = z.enum(LIFECYCLE_STATUSES);

export const REF_TYPES = ['driver', 'vendor', 'admin', 'system'] as const;
export type RefType = (typeof REF_TYPES)[number];
export const RefTypeSchema = z.enum(REF_TYPES).meta({
  id: 'RefType',
  description: 'Who made the change: `driver`, `vendor`, `admin` or `system`; `ref_id` names them.',
});

import { z } from 'zod';
import { StaffDispatchListQuerySchema } from '@/lib/dispatch/server/list-query-schemas';
import { checkStatusCancellation, STATUS_CANCELLATION_FIELDS } from '@/lib/dispatch/server/internal/status-cancellation-schema';
import { StatusSchema } from '@/lib/dispatch/shared/transitions/statuses';
import { requiredText, text } from '@/lib/platform/shared/validation/primitives';
import { withinAccount, type PlatformScope } from '@/lib/platform/server/tenancy/scope';

// The admin console's inputs (internal routes under /api/admin, not in the OpenAPI document).

/** The staff list's filters and search, across accounts, plus account, driver and fleet. */
export const AdminDispatchListQuerySchema = StaffDispatchListQuerySchema.extend({
  // Text without NUL characters (PostgreSQL refuses them): a 400, never a 500.
  q: text(200).trim().optional().transform((q) => q || undefined),
  vendor_bid: text(200).optional(),
  vendor_oid: text(200).optional(),
  account_id: text(200).optional(),
  driver_id: text(200).optional(),
  fleet_id: text(200).optional(),
});

export type AdminDispatchListQuery = z.infer<typeof AdminDispatchListQuerySchema>;

export const AdminDispatchExportQuerySchema = AdminDispatchListQuerySchema.omit({ limit: true, cursor: true });

/**
 * The list's query as the domain list takes it: the account narrows the platform's scope (so it
 * is served as that account's list is), driver and fleet are filters.
 */
export function adminListArgs(scope: PlatformScope, query: Omit<AdminDispatchListQuery, 'limit' | 'cursor'>) {
  const { account_id, driver_id, fleet_id, ...filters } = query;
  return {
    scope: account_id === undefined ? scope : withinAccount(scope, account_id),
    filters: { ...filters, driverId: driver_id, fleetId: fleet_id },
  };
}

/** A status an admin may record by hand: any but `assigned`, which needs a driver (assign). */
export const AdminStatusSchema = StatusSchema.exclude(['assigned'], { error: 'must be a status other than "assigned" (assign a driver instead)' });

export const AdminAssignBodySchema = z.object({ driver_id: requiredText(200) });
export const AdminStatusBodySchema = z.object({ status: AdminStatusSchema });

export const BULK_MAX_IDS = 500;

export const BulkActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('assign'), driver_id: requiredText(200) }),
    // A bulk cancel carries the reason picker's answer, recorded on every row (cancelDispatch).
    z.object({ type: z.literal('status'), status: AdminStatusSchema, ...STATUS_CANCELLATION_FIELDS }).superRefine(checkStatusCancellation),
  ],
  { error: 'must be {type: "assign", driver_id} or {type: "status", status}' },
);

export type BulkAction = z.infer<typeof BulkActionSchema>;

export const BulkBodySchema = z.object({
  ids: z
    .array(requiredText(200))
    .min(1, 'must list at least one dispatch')
    .max(BULK_MAX_IDS, `must list at most ${BULK_MAX_IDS} dispatches`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id'),
  action: BulkActionSchema,
});

export type BulkBody = z.infer<typeof BulkBodySchema>;

/** The driver picker's query: the same names as the console's driver list (feat/console-fleet). */
export const DriverSearchQuerySchema = z.object({
  q: text(200).optional(),
  active: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int('must be an integer').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
});

import { z } from 'zod';
import { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { LifecycleStatusSchema } from '@/lib/dispatch/shared/transitions/statuses';

// The dispatch lists' filters: the vendor API's, and the dashboard's with its search box.

// A date (UTC midnight) or a date-time with an explicit offset: never the server's local time.
const dateTimeParam = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'must be an ISO 8601 date (2024-03-22) or date-time with offset (2024-03-22T10:00:00Z)',
  })
  .transform((value) => new Date(value));


/** The page size of the dispatch lists, as the document shows it. */
export const DispatchPageLimitSchema = PageQuerySchema.shape.limit.meta({ description: 'Dispatches per page' });

export const DispatchListQuerySchema = PageQuerySchema.extend({
  scheduled: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: '`true`: only dispatches created with a `pickup_ready_at`; `false`: only the others' }),
  status: LifecycleStatusSchema.optional().meta({ description: 'Current lifecycle state' }),
  vendor_bid: z.string().max(200).optional(),
  vendor_oid: z.string().max(200).optional(),
  created_from: dateTimeParam.optional().meta({ description: 'Inclusive lower bound of created_at (ISO 8601)' }),
  created_to: dateTimeParam.optional().meta({ description: 'Exclusive upper bound of created_at (ISO 8601)' }),
});

export type DispatchListQuery = z.infer<typeof DispatchListQuerySchema>;

/** The dashboard's list adds one search box: a vendor_oid, an r_id, a customer phone, or the start of the customer's first, last or full name. */
export const StaffDispatchListQuerySchema = DispatchListQuerySchema.extend({
  q: z.string().trim().max(200).optional().transform((q) => q || undefined),
});

export type StaffDispatchListQuery = z.infer<typeof StaffDispatchListQuerySchema>;

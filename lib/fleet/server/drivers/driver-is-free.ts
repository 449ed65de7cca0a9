import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { Prisma } from '@/prisma/generated/client';

/**
 * The one definition of a driver with no work, as a SQL condition: no dispatch assigned to
 * `driver` (a column such as `Prisma.raw('dr.id')`, or a value: `Prisma.sql\`${id}\``) is in an
 * on-duty state (ON_DUTY_STATES), apart from `except` (a text[] of dispatch ids: those of the
 * trip an offer extends, which do not make the driver busy for it). A cancelled or delivered
 * dispatch frees its driver at once. Whether the driver is active and on duty is the caller's
 * condition beside it: the sandbox's drivers, for one, are never on duty.
 */
export function carriesNoOtherWork(driver: Prisma.Sql, except?: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM dispatches work
                               WHERE work.assigned_driver_id = ${driver} AND work.state = ANY(${ON_DUTY_STATES as string[]})
                               ${except ? Prisma.sql`AND NOT (work.id = ANY(${except}))` : Prisma.empty})`;
}

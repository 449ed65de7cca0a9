import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { DriverDuty } from '@/lib/fleet/shared/drivers/schemas';
import { declineOpenOffers } from '@/lib/fleet/server/internal/offers/decline-open-offers';
import { wakeDispatchEngine } from '@/lib/dispatch/server/wake-dispatch-engine';

/**
 * The driver app's on-duty switch. On duty, a driver with a fresh position is offered work
 * by the dispatch engine (lib/engine/server), which plans a round at once; going off duty
 * declines the trip they have on offer, whose dispatches go back to the engine at once.
 * `duty_changed_at` moves only when the value does. Off duty is written first: from then on the
 * engine passes the driver over (an offer checks again under the driver's row lock), so no new
 * offer arrives after the open one is declined.
 */
export async function setDriverDuty(options: { driverId: string; onDuty: boolean }): Promise<DriverDuty> {
  const [row] = await db().$queryRaw<{ onDuty: boolean; dutyChangedAt: Date | null }[]>`
    UPDATE drivers SET on_duty = ${options.onDuty},
                       duty_changed_at = CASE WHEN on_duty = ${options.onDuty} THEN duty_changed_at ELSE now() END
    WHERE id = ${options.driverId}
    RETURNING on_duty AS "onDuty", duty_changed_at AS "dutyChangedAt"`;
  if (!row) throw new DomainError('not_found', `No driver with id "${options.driverId}"`);
  if (!options.onDuty) await declineOpenOffers({ driverId: options.driverId });
  else await wakeDispatchEngine(db(), 'driver_on_duty');
  return { on_duty: row.onDuty, duty_changed_at: row.dutyChangedAt?.toISOString() ?? null };
}

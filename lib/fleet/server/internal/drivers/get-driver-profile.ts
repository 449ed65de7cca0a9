import { db } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { DriverProfile } from '@/lib/fleet/shared/drivers/schemas';
import { currentOffer } from '@/lib/fleet/server/internal/offers/current-offer';
import type { Offer } from '@/lib/fleet/server/internal/offers/schemas';

/**
 * What the driver app loads first (`GET /api/driver/me`): who the driver is, whether they are
 * on duty, their open offer and how long offers stay open, and the server's time (the app
 * stamps its positions in it: components/fleet/driver/server-clock.ts). Their jobs come from /api/driver/jobs.
 */
export async function getDriverProfile(options: {
  driverId: string;
}): Promise<{ driver: DriverProfile; offer: Offer | null; offer_timeout_s: number; server_time: string }> {
  const driver = await db().driver.findUnique({
    where: { id: options.driverId },
    select: { id: true, name: true, phone: true, onDuty: true, dutyChangedAt: true, lastPositionAt: true },
  });
  if (!driver) throw new DomainError('not_found', `No driver with id "${options.driverId}"`);
  return {
    driver: {
      id: driver.id,
      name: driver.name,
      phone: driver.phone,
      on_duty: driver.onDuty,
      duty_changed_at: driver.dutyChangedAt?.toISOString() ?? null,
      last_position_at: driver.lastPositionAt?.toISOString() ?? null,
    },
    offer: await currentOffer(driver.id),
    offer_timeout_s: getEnv().DRIVER_OFFER_TIMEOUT_S,
    server_time: new Date().toISOString(),
  };
}

import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { DomainError } from '@/lib/errors/domain-error';
import type { DriverProfile } from '@/lib/drivers/schemas';
import { currentOffer } from '@/lib/offers/current-offer';
import type { Offer } from '@/lib/offers/schemas';

/**
 * What the driver app loads first (`GET /api/driver/me`): who the driver is, whether they are
 * on duty, their open offer and how long offers stay open, and the server's time (the app
 * stamps its positions in it: components/driver/server-clock.ts). Their jobs come from /api/driver/jobs.
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

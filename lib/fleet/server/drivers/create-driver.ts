import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId } from '@/lib/platform/server/ids/new-id';
import type { CreateDriverBody } from '@/lib/fleet/shared/drivers/schemas';

/**
 * Creates an active driver, off duty unless `on_duty` says otherwise (a real driver goes on duty
 * in the driver app; only on-duty drivers are offered work). A `fleet_id` not known yet creates
 * that fleet, named after its id; an inactive fleet is refused (an active driver never belongs to one).
 */
export async function createDriver(options: { input: CreateDriverBody }) {
  const { fleet_id: fleetId } = options.input;
  if (fleetId) {
    const fleet = await db().fleet.findUnique({ where: { id: fleetId }, select: { isActive: true } });
    if (fleet && !fleet.isActive) throw new DomainError('invalid_request', `fleet_id: fleet "${fleetId}" is inactive`);
  }
  const create = db().driver.create({
    data: {
      id: newId('drv'),
      name: options.input.name,
      phone: options.input.phone,
      fleetId,
      ...(options.input.on_duty && { onDuty: true, dutyChangedAt: new Date() }),
    },
    select: { id: true, name: true, phone: true, fleetId: true },
  });
  const driver = fleetId
    ? (await db().$transaction([db().$executeRaw`INSERT INTO fleets (id, name) VALUES (${fleetId}, ${fleetId}) ON CONFLICT (id) DO NOTHING`, create]))[1]
    : await create;
  return { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: driver.fleetId };
}

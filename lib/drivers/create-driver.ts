import { db } from '@/lib/db/client';
import { newId } from '@/lib/ids/new-id';
import type { CreateDriverBody } from '@/lib/drivers/schemas';

export async function createDriver(options: { input: CreateDriverBody }) {
  const driver = await db().driver.create({
    data: { id: newId('drv'), name: options.input.name, phone: options.input.phone, fleetId: options.input.fleet_id },
    select: { id: true, name: true, phone: true, fleetId: true },
  });
  return { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: driver.fleetId };
}

import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { carriesNoOtherWork } from '@/lib/fleet/server/drivers/driver-is-free';
import { Prisma } from '@/prisma/generated/client';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';

async function isFree(driverId: string, except?: string[]): Promise<boolean> {
  const [row] = await db().$queryRaw<{ isFree: boolean }[]>`
    SELECT ${carriesNoOtherWork(Prisma.sql`${driverId}`, except && Prisma.sql`${except}`)} AS "isFree"`;
  return row!.isFree;
}

describe('carriesNoOtherWork', () => {
  it('holds while no dispatch of the driver is on duty, or only those excepted', async () => {
    const account = await newAccount();
    const driver = await newDriver();
    const other = await newDriver();
    const create = async () => (await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() })).body.data.id as string;
    const [first, second] = [await create(), await create()];
    expect(await isFree(driver.id)).toBe(true);

    expect((await call('POST', `/api/ops/dispatches/${first}/assign`, { ops: true, body: { driver_id: driver.id } })).status).toBe(200);
    expect(await isFree(driver.id)).toBe(false);
    expect(await isFree(other.id)).toBe(true);
    // The trip an offer extends does not make its driver busy for it.
    expect(await isFree(driver.id, [first])).toBe(true);
    expect(await isFree(driver.id, [second])).toBe(false);

    expect((await call('POST', `/api/ops/dispatches/${first}/status`, { ops: true, body: { status: 'accepted' } })).status).toBe(200);
    expect(await isFree(driver.id)).toBe(false);
    // A cancelled dispatch frees its driver at once.
    expect((await call('POST', `/api/ops/dispatches/${first}/status`, { ops: true, body: { status: 'cancelled' } })).status).toBe(200);
    expect(await isFree(driver.id)).toBe(true);
  });
});

import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { newId } from '@/lib/platform/server/ids/new-id';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import type { Status } from '@/lib/dispatch/shared/transitions/statuses';
import { dispatchBody, newAccount, newDriver, newDriverSession, uniqueSuffix } from '@/test/fixtures';

// The driver app's jobs, for the tests of its routes (app/api/driver/jobs/): a signed-in driver,
// an account that asks a proof, a job assigned to the driver, and what the routes write.

export const ADMIN = { refType: 'admin', refId: 'test' } as const;

/** A new driver, signed in to the driver app: `cookie` for the driver routes. */
export async function newDriverWithSession() {
  const driver = await newDriver();
  const { cookie } = await newDriverSession(driver.id);
  return { driver, cookie };
}

export type Proof = 'none' | 'photo' | 'signature' | 'pin';

export async function accountRequiring(proof: Proof) {
  const account = await newAccount();
  await db().account.update({ where: { id: account.id }, data: { proofOfDelivery: proof } });
  return account;
}

/** A dispatch of the account assigned to the driver and moved on through `statuses` (as the driver). */
export async function jobFor(driverId: string, accountId: string, statuses: Status[] = []) {
  const { id } = await createDispatch({ accountId, input: dispatchBody() });
  await assignDriver({ id, scope: platformScope(), driverId, actor: ADMIN });
  for (const status of statuses) await changeStatus({ id, scope: platformScope(), status, actor: { refType: 'driver', refId: driverId } });
  return id;
}

/** A real dispatch_media row, as the upload (POST …/media) writes it; the bytes are not needed here. */
export async function mediaRow(dispatchId: string, kind: 'photo' | 'signature' | 'failure_photo') {
  const dispatch = await db().dispatch.findUniqueOrThrow({ where: { id: dispatchId }, select: { accountId: true, assignedDriverId: true } });
  return db().dispatchMedia.create({
    data: {
      id: newId('med'),
      accountId: dispatch.accountId,
      dispatchId,
      driverId: dispatch.assignedDriverId,
      kind,
      storage: 'fs',
      key: `test/${uniqueSuffix()}.jpg`,
      contentType: 'image/jpeg',
      bytes: 2048,
      width: 64,
      height: 48,
      createdAt: new Date(),
    },
  });
}

/** The dispatch's columns a driver's action writes. */
export async function jobRow(id: string) {
  return db().dispatch.findUniqueOrThrow({
    where: { id },
    select: { state: true, statusHistory: true, mediaUrl: true, record: true, cancelReason: true, failureReason: true, failureNote: true },
  });
}

export async function history(id: string): Promise<string[]> {
  return ((await jobRow(id)).statusHistory as { status: string }[]).map((entry) => entry.status);
}

/** The vendor's `dispatch.status_updated` events (the webhook bodies), oldest first. */
export async function statusEvents(id: string) {
  const events = await db().dispatchEvent.findMany({
    where: { dispatchId: id, type: 'dispatch.status_updated' },
    orderBy: { sequence: 'asc' },
    select: { payload: true, actorType: true, actorId: true },
  });
  return events.map((event) => ({ ...event, payload: event.payload as { status: { status: string }[]; media_url: unknown; cancellation: unknown } }));
}

import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { listDispatchProofs } from '@/lib/dispatch/server/list-dispatch-proofs';
import { newId } from '@/lib/platform/server/ids/new-id';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { type AdminSession, dispatchBody, newAccount, newConsoleSessions, newDriver } from '@/test/fixtures';

// The console's QA queue and dispatch page show the driver app's proof: each dispatch's
// dispatch_media rows and a failed delivery's reason, read for a whole page in one statement.

let admin: AdminSession;
let staffCookie: string;

beforeAll(async () => {
  ({ admin, staffCookie } = await newConsoleSessions());
});

/**
 * A dispatch_media row as lib/dispatch/server/media/store-media.ts writes it. Written here directly: what is
 * under test is the read, and the image bytes and their storage play no part in it.
 */
async function mediaRow(dispatch: { id: string; accountId: string }, driverId: string, kind: string, createdAt: Date) {
  const id = newId('med');
  await db().dispatchMedia.create({
    data: { id, accountId: dispatch.accountId, dispatchId: dispatch.id, driverId, kind, storage: 'fs', key: `${dispatch.accountId}/${id}.jpg`, contentType: 'image/jpeg', bytes: 1000, width: 320, height: 240, createdAt },
  });
  return id;
}

async function assignedDispatch(accountId: string, driverId: string) {
  const dispatch = await createDispatch({ accountId, input: dispatchBody() });
  await assignDriver({ id: dispatch.id, scope: platformScope(), driverId, actor: { refType: 'admin', refId: 'test' } });
  return { id: dispatch.id, accountId };
}

describe('listDispatchProofs', () => {
  it('reads a page’s media (oldest first) and failure reasons in one statement; other tenants are left out', async () => {
    const [account, other] = await Promise.all([newAccount(), newAccount()]);
    const driver = await newDriver();
    const delivered = await assignedDispatch(account.id, driver.id);
    const failed = await assignedDispatch(account.id, driver.id);
    const bare = await assignedDispatch(account.id, driver.id);
    const elsewhere = await assignedDispatch(other.id, driver.id);
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, seconds));
    const signature = await mediaRow(delivered, driver.id, 'signature', at(20));
    const photo = await mediaRow(delivered, driver.id, 'photo', at(10));
    const failurePhoto = await mediaRow(failed, driver.id, 'failure_photo', at(30));
    await mediaRow(elsewhere, driver.id, 'photo', at(40));
    await db().dispatch.update({ where: { id: failed.id }, data: { failureReason: 'customer_unreachable', failureNote: 'Nobody at the door; phone off' } });

    const ids = [delivered.id, failed.id, bare.id, elsewhere.id];
    const proofs = await listDispatchProofs({ scope: accountScope(account.id), dispatchIds: ids });
    expect(proofs).toEqual({
      [delivered.id]: {
        media: [
          { id: photo, kind: 'photo', created_at: '2026-11-25 10:00:10.000' },
          { id: signature, kind: 'signature', created_at: '2026-11-25 10:00:20.000' },
        ],
        failure: null,
      },
      [failed.id]: {
        media: [{ id: failurePhoto, kind: 'failure_photo', created_at: '2026-11-25 10:00:30.000' }],
        failure: { reason: 'customer_unreachable', note: 'Nobody at the door; phone off' },
      },
      [bare.id]: { media: [], failure: null },
    });
    expect(Object.keys(await listDispatchProofs({ scope: platformScope(), dispatchIds: ids })).sort()).toEqual([...ids].sort());
    expect(await listDispatchProofs({ scope: platformScope(), dispatchIds: [] })).toEqual({});
  });
});

describe('GET /api/admin/dispatches/{id}/proof', () => {
  it('answers admins with the dispatch’s proof; 404 for an unknown dispatch; 401/403 for others', async () => {
    const account = await newAccount();
    const driver = await newDriver();
    const dispatch = await assignedDispatch(account.id, driver.id);
    const photo = await mediaRow(dispatch, driver.id, 'photo', new Date());
    const read = await call('GET', `/api/admin/dispatches/${dispatch.id}/proof`, { cookie: admin.cookie });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ media: [{ id: photo, kind: 'photo', created_at: expect.any(String) }], failure: null });
    expect((await call('GET', '/api/admin/dispatches/dsp_missing/proof', { cookie: admin.cookie })).status).toBe(404);
    expect((await call('GET', `/api/admin/dispatches/${dispatch.id}/proof`, {})).status).toBe(401);
    expect((await call('GET', `/api/admin/dispatches/${dispatch.id}/proof`, { cookie: staffCookie })).status).toBe(403);
  });
});

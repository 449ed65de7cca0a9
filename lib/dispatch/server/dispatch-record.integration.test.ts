import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { markReady } from '@/lib/dispatch/server/mark-ready';
import { DispatchRecordSchema, StatusEntrySchema, type DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';

// The record has one definition, the database function dispatch_record (lib/dispatch/server/sql); the zod
// schema that parses it and describes it in the OpenAPI document must name exactly its keys, in
// its order, or the documentation lies about what the API returns.
describe('the dispatch record', () => {
  async function rendered(id: string) {
    const [row] = await db().$queryRaw<{ keys: string[]; fresh: string; stored: string }[]>`
      SELECT (SELECT array_agg(k) FROM json_object_keys(dispatch_record(d)) k) AS keys,
             dispatch_record(d)::text AS fresh, d.record::text AS stored
      FROM dispatches d WHERE d.id = ${id}`;
    return row!;
  }

  it('has exactly the keys of DispatchRecordSchema, in its order, with nothing optional left out', async () => {
    const account = await newAccount();
    const full = dispatchBody();
    const minimal: Partial<typeof full> = dispatchBody();
    delete minimal.vendor_logo_url;
    delete minimal.vendor_sid;
    delete minimal.vendor_payload;
    for (const input of [full, minimal as typeof full]) {
      const record = await createDispatch({ accountId: account.id, input });
      const { keys } = await rendered(record.id);
      expect(keys).toEqual(Object.keys(DispatchRecordSchema.shape));
      expect(Object.keys(record.status[0]!)).toEqual(Object.keys(StatusEntrySchema.shape));
      expect(z.strictObject(DispatchRecordSchema.shape).parse(record)).toEqual(record);
    }
  });

  // The keys alone do not say whether a value the SQL renders only later in a dispatch's life
  // (a driver, a ready time, a cancellation and its failure) has the shape the schema documents.
  it('parses strictly, stored and returned, at every step of a lifecycle and of a failed delivery', async () => {
    const account = await newAccount();
    const driver = await newDriver();
    const scope = accountScope(account.id);
    const admin = { refType: 'admin', refId: 'ops' } as const;
    const strict = z.strictObject(DispatchRecordSchema.shape);
    const check = async (record: DispatchRecord) => {
      expect(strict.parse(record)).toEqual(record);
      const { stored } = await rendered(record.id);
      expect(strict.parse(JSON.parse(stored))).toEqual(record);
      return record;
    };
    const { id } = await check(await createDispatch({ accountId: account.id, input: dispatchBody() }));
    await check(await markReady({ id, scope, actor: { refType: 'vendor', refId: 'vendor-7' } }));
    await check(await assignDriver({ id, scope, driverId: driver.id, actor: admin }));
    const accepted = await check(await changeStatus({ id, scope, status: 'accepted', actor: { refType: 'driver', refId: driver.id } }));
    expect(accepted.ready_at).not.toBeNull();
    expect(accepted.status.map((entry) => entry.status).slice(-2)).toEqual(['accepted', 'ready_for_pickup']);
    await check(await changeStatus({ id, scope, status: 'picked_up', actor: { refType: 'driver', refId: driver.id } }));
    const failed = await check(
      await cancelDispatch({ id, scope: platformScope(), actor: admin, input: { failure: { reason: 'refused', note: 'not home' } } }),
    );
    expect(failed.cancellation?.failure).toEqual({ reason: 'refused', note: 'not home' });

    const other = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const cancelled = await check(await cancelDispatch({ id: other.id, scope, actor: admin, input: { reason: 'other', reason_text: 'typo' } }));
    expect(cancelled.cancellation).toMatchObject({ reason: 'other', reason_text: 'typo', failure: null });
  });

  it('is what the create returns and what is stored: rendered once, by the database', async () => {
    const account = await newAccount();
    const record = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const { fresh, stored } = await rendered(record.id);
    expect(stored).toBe(fresh);
    expect(JSON.parse(stored)).toEqual(record);
  });

  it('goes into each event payload byte for byte, followed by the event’s additions', async () => {
    const account = await newAccount();
    const driver = await newDriver('fleet-bytes');
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const assigned = await assignDriver({ id, scope: accountScope(account.id), driverId: driver.id, actor: { refType: 'admin', refId: 'ops' } });
    const events = await db().$queryRaw<{ sequence: number; type: string; payload: string }[]>`
      SELECT sequence, type, payload::text AS payload FROM dispatch_events WHERE dispatch_id = ${id} ORDER BY sequence`;
    expect(events.map((event) => [event.sequence, event.type])).toEqual([
      [1, 'dispatch.status_updated'],
      [2, 'dispatch.status_updated'],
      [3, 'dispatch.driver_assigned'],
    ]);
    const { stored } = await rendered(id);
    const prefix = stored.slice(0, -1);
    const driverJson = JSON.stringify({ id: driver.id, name: driver.name, phone: driver.phone, fleet_id: 'fleet-bytes' });
    expect(events[1]!.payload).toBe(`${prefix},"fleet_id":"fleet-bytes"}`);
    expect(events[2]!.payload).toBe(`${prefix},"fleet_id":"fleet-bytes","driver":${driverJson}}`);
    expect(JSON.parse(events[2]!.payload)).toEqual({ ...assigned, fleet_id: 'fleet-bytes', driver: JSON.parse(driverJson) });
    expect(events[0]!.payload).toMatch(/^\{"id":.*,"fleet_id":null\}$/);
  });
});

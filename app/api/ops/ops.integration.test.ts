import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { LIFECYCLE_STATUSES, STATUSES, TRANSITIONS, canRecordStatus, type LifecycleStatus, type Status } from '@/lib/dispatch/shared/transitions/statuses';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';

async function historyLength(id: string): Promise<number> {
  const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { statusHistory: true } });
  return (row.statusHistory as unknown[]).length;
}

let account: Awaited<ReturnType<typeof newAccount>>;
let driver: Awaited<ReturnType<typeof newDriver>>;
let spareDriver: Awaited<ReturnType<typeof newDriver>>;

beforeAll(async () => {
  account = await newAccount();
  driver = await newDriver('fleet-north');
  spareDriver = await newDriver('fleet-south');
});

/** The shortest legal path from `new` to each state, through the ops API. */
const PATHS: Record<LifecycleStatus, Status[]> = {
  new: [],
  dispatch_accepted: ['dispatch_accepted'],
  dispatch_rejected: ['dispatch_rejected'],
  assigned: ['assigned'],
  accepted: ['assigned', 'accepted'],
  ready_for_pickup: ['assigned', 'accepted', 'ready_for_pickup'],
  picked_up: ['assigned', 'accepted', 'picked_up'],
  delivered: ['assigned', 'accepted', 'picked_up', 'delivered'],
  qa_qc: ['assigned', 'accepted', 'picked_up', 'delivered', 'qa_qc'],
  cancelled: ['cancelled'],
};

async function move(id: string, status: Status, driverId = driver.id) {
  return status === 'assigned'
    ? call('POST', `/api/ops/dispatches/${id}/assign`, { ops: true, body: { driver_id: driverId } })
    : call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status } });
}

async function dispatchIn(state: LifecycleStatus): Promise<string> {
  const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
  for (const status of PATHS[state]) {
    const response = await move(id, status);
    expect(response.status, `${status} on the way to ${state}: ${JSON.stringify(response.body)}`).toBe(200);
  }
  return id;
}

describe('ops authentication', () => {
  it('answers 401 without or with a wrong operator token', async () => {
    const body = { name: 'x' };
    expect((await call('POST', '/api/ops/accounts', { body })).status).toBe(401);
    const wrong = await call('POST', '/api/ops/accounts', { body, headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('unauthorized');
  });

  it('answers 403 ops_api_disabled while OPS_TOKEN is unset', async () => {
    const token = process.env.OPS_TOKEN;
    process.env.OPS_TOKEN = '';
    resetEnvForTests();
    try {
      const response = await call('POST', '/api/ops/drivers', { ops: true, body: { name: 'x' } });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ops_api_disabled');
    } finally {
      process.env.OPS_TOKEN = token;
      resetEnvForTests();
    }
  });

  it('does not accept a vendor API key as operator token', async () => {
    const response = await call('POST', '/api/ops/drivers', {
      body: { name: 'x' },
      headers: { authorization: `Bearer ${account.api_key}` },
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/ops/accounts and /api/ops/drivers', () => {
  it('creates an account whose API key works immediately and is stored only as a hash', async () => {
    const response = await call('POST', '/api/ops/accounts', { ops: true, body: { name: 'Shawarma Co' } });
    expect(response.status).toBe(201);
    const { id, name, api_key, webhook_secret } = response.body.data;
    expect(name).toBe('Shawarma Co');
    expect(api_key).toMatch(/^dsp_live_[0-9A-Za-z]{40}$/);
    expect(webhook_secret).toMatch(/^whsec_/);
    const stored = await db().apiKey.findMany({ where: { accountId: id } });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(api_key);
    expect((await call('GET', '/ext/dispatches', { apiKey: api_key })).status).toBe(200);
  });

  it('creates a driver', async () => {
    const response = await call('POST', '/api/ops/drivers', {
      ops: true,
      body: { name: 'Omar', phone: '+966511111111', fleet_id: 'fleet-9' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({ id: expect.stringMatching(/^drv_/), name: 'Omar', phone: '+966511111111', fleet_id: 'fleet-9' });
  });

  it.each([
    ['/api/ops/accounts', {}],
    ['/api/ops/accounts', { name: '' }],
    ['/api/ops/drivers', { name: 42 }],
  ])('refuses invalid input to %s with 400', async (path, body) => {
    const response = await call('POST', path, { ops: true, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });
});

describe('POST /api/ops/dispatches/{id}/assign', () => {
  it('assigns a driver: state assigned, history entry, status and driver events with fleet_id', async () => {
    const id = await dispatchIn('new');
    const response = await move(id, 'assigned');
    expect(response.status).toBe(200);
    expect(response.body.data.assigned_driver_id).toBe(driver.id);
    expect(response.body.data.status.at(-1)).toMatchObject({ status: 'assigned', ref_type: 'admin', ref_id: 'ops' });
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: id }, orderBy: { sequence: 'asc' } });
    expect(events.map((event) => [event.type, event.sequence])).toEqual([
      ['dispatch.status_updated', 1],
      ['dispatch.status_updated', 2],
      ['dispatch.driver_assigned', 3],
    ]);
    expect(events[2]!.payload).toMatchObject({
      assigned_driver_id: driver.id,
      fleet_id: 'fleet-north',
      driver: { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: 'fleet-north' },
    });
  });

  it('reassigns to another driver, and refuses reassigning to the same one', async () => {
    const id = await dispatchIn('assigned');
    expect((await move(id, 'assigned', driver.id)).status).toBe(409);
    const response = await move(id, 'assigned', spareDriver.id);
    expect(response.status).toBe(200);
    expect(response.body.data.assigned_driver_id).toBe(spareDriver.id);
  });

  it('refuses an unknown driver with 400 and an unknown dispatch with 404', async () => {
    const id = await dispatchIn('new');
    const unknownDriver = await move(id, 'assigned', 'drv_nobody');
    expect(unknownDriver.status).toBe(400);
    expect(unknownDriver.body.error_desc).toMatch(/driver_id/);
    expect((await move('dsp_nothing', 'assigned')).status).toBe(404);
    expect(await db().dispatchEvent.count({ where: { dispatchId: id } })).toBe(1);
  });
});

describe('POST /api/ops/dispatches/{id}/status', () => {
  it('refuses an unknown status with 400 and a missing dispatch with 404', async () => {
    const id = await dispatchIn('new');
    const unknown = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'teleported' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_desc).toMatch(/status/);
    const badRef = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'cancelled', ref_type: 'robot' } });
    expect(badRef.status).toBe(400);
    expect((await move('dsp_nothing', 'cancelled')).status).toBe(404);
    expect(await historyLength(id)).toBe(1);
  });

  it('records the given actor', async () => {
    const id = await dispatchIn('assigned');
    const response = await call('POST', `/api/ops/dispatches/${id}/status`, {
      ops: true,
      body: { status: 'accepted', ref_type: 'driver', ref_id: driver.id },
    });
    expect(response.body.data.status.at(-1)).toMatchObject({ status: 'accepted', ref_type: 'driver', ref_id: driver.id });
  });

  it('keeps the lifecycle state on near_pickup / near_destination', async () => {
    const id = await dispatchIn('accepted');
    expect((await move(id, 'near_pickup')).status).toBe(200);
    const row = await db().dispatch.findUniqueOrThrow({ where: { id } });
    expect(row.state).toBe('accepted');
    expect((await move(id, 'ready_for_pickup')).status).toBe(200);
  });

  // Every (state, status) pair: legal ones succeed and are recorded, illegal ones are 409 and write nothing.
  for (const from of LIFECYCLE_STATUSES) {
    it(`enforces every transition out of ${from}`, async () => {
      const stuck = await dispatchIn(from);
      const historyBefore = await historyLength(stuck);
      for (const to of STATUSES) {
        if (canRecordStatus(from, to)) {
          const id = await dispatchIn(from);
          const response = await move(id, to, to === 'assigned' && from === 'assigned' ? spareDriver.id : driver.id);
          expect(response.status, `${from} → ${to}`).toBe(200);
          expect(response.body.data.status.at(-1).status).toBe(to);
          const row = await db().dispatch.findUniqueOrThrow({ where: { id } });
          expect(row.state).toBe((TRANSITIONS[from] as readonly string[]).includes(to) ? to : from);
        } else {
          const response = await move(stuck, to);
          expect(response.status, `${from} → ${to}`).toBe(409);
          expect(response.body.error).toBe('invalid_transition');
        }
      }
      expect(await historyLength(stuck)).toBe(historyBefore);
      expect((await db().dispatch.findUniqueOrThrow({ where: { id: stuck } })).state).toBe(from);
    });
  }

  it('records a cancellation with an optional reason and reason_text, through cancelDispatch', async () => {
    // The ops status route used to cancel without any way to say why.
    const id = await dispatchIn('assigned');
    const response = await call('POST', `/api/ops/dispatches/${id}/status`, {
      ops: true,
      body: { status: 'cancelled', reason: 'address_problem', reason_text: 'No such building', ref_type: 'driver', ref_id: driver.id },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.cancellation).toMatchObject({
      reason: 'address_problem',
      reason_text: 'No such building',
      by: { ref_type: 'driver', ref_id: driver.id },
    });
    expect(await db().dispatch.findUniqueOrThrow({ where: { id }, select: { state: true, cancelReason: true, cancelReasonText: true } })).toEqual({
      state: 'cancelled',
      cancelReason: 'address_problem',
      cancelReasonText: 'No such building',
    });
    // Recording it again is an illegal transition, as before (the vendor's cancel is the idempotent one).
    const again = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'cancelled', reason: 'other', reason_text: 'again' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_transition');
    expect((await db().dispatch.findUniqueOrThrow({ where: { id } })).cancelReason).toBe('address_problem');

    const withoutReason = await dispatchIn('new');
    const plain = await move(withoutReason, 'cancelled');
    expect(plain.status).toBe(200);
    expect(plain.body.data.cancellation).toMatchObject({ reason: null, reason_text: null, by: { ref_type: 'admin', ref_id: 'ops' } });
  });

  it.each([
    [{ status: 'accepted', reason: 'other', reason_text: 'x' }, /^reason: is only accepted with status "cancelled"/],
    [{ status: 'cancelled', reason: 'other' }, /^reason_text: is required when reason is "other"/],
    [{ status: 'cancelled', reason_text: 'why not' }, /^reason_text: needs a reason/],
    [{ status: 'cancelled', reason: 'bored' }, /^reason: /],
    [{ status: 'cancelled', reason: 'other', reason_text: 'x'.repeat(501) }, /^reason_text: /],
  ])('refuses a bad reason with 400 and changes nothing (%#)', async (body, message) => {
    const id = await dispatchIn('assigned');
    const response = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body });
    expect(response.status).toBe(400);
    expect(response.body.error_desc).toMatch(message);
    expect(await historyLength(id)).toBe(2);
  });

  it('refuses "assigned" through the status endpoint (a driver is needed)', async () => {
    const id = await dispatchIn('new');
    const response = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'assigned' } });
    expect(response.status).toBe(400);
  });
});

describe('destination changes across the lifecycle', () => {
  it.each(['delivered', 'qa_qc', 'cancelled', 'dispatch_rejected'] as const)('refuses with 409 once %s', async (state) => {
    const id = await dispatchIn(state);
    const response = await call('PATCH', `/ext/dispatch/${id}/destination`, { apiKey: account.api_key, body: { lat: 1, lng: 1 } });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('invalid_state');
  });

  it('allows it while picked up', async () => {
    const id = await dispatchIn('picked_up');
    const response = await call('PATCH', `/ext/dispatch/${id}/destination`, { apiKey: account.api_key, body: { lat: 1, lng: 1 } });
    expect(response.status).toBe(204);
  });
});

describe('GET /ext/statuses and GET /api/health', () => {
  it('serves the transition table', async () => {
    const response = await call('GET', '/ext/statuses');
    expect(response.status).toBe(200);
    expect(response.body.data.transitions.new).toEqual(['dispatch_accepted', 'dispatch_rejected', 'assigned', 'cancelled']);
    expect(response.body.data.markers_allowed_in.near_destination).toEqual(['picked_up']);
  });

  it('reports ok once the database answers', async () => {
    const response = await call('GET', '/api/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { call, callTwiceIdempotent } from '@/test/api';
import { history, jobFor, jobRow, mediaRow, newDriverWithSession, statusEvents } from '@/test/driver-jobs';
import { dispatchBody, newAccount, newStaffSession, uniqueSuffix } from '@/test/fixtures';

// The driver app's job routes: a driver reaches only the dispatches assigned to them and records
// their statuses through the one transition table, each announced to the vendor as the webhooks'
// events. Delivering and failing a job: [id]/deliver/ and [id]/fail/.

const post = (path: string, cookie: string, body: unknown, headers?: Record<string, string>) => call('POST', path, { cookie, body, headers });

describe('the driver scope', () => {
  it("answers 404 for another driver's job on every route, lists only the driver's own, and writes nothing", async () => {
    const me = await newDriverWithSession();
    const other = await newDriverWithSession();
    const myAccount = await newAccount();
    const theirAccount = await newAccount();
    const mine = await jobFor(me.driver.id, myAccount.id);
    const theirs = await jobFor(other.driver.id, theirAccount.id, ['accepted', 'picked_up']);
    const sameAccountTheirs = await jobFor(other.driver.id, myAccount.id, ['accepted']);
    const unassigned = (await createDispatch({ accountId: myAccount.id, input: dispatchBody() })).id;
    await mediaRow(theirs, 'failure_photo');

    const list = await call('GET', '/api/driver/jobs', { cookie: me.cookie });
    expect(list.status).toBe(200);
    expect(list.body.data.map((job: { id: string }) => job.id)).toEqual([mine]);

    for (const id of [theirs, sameAccountTheirs, unassigned, 'dsp_unknown']) {
      const before = id.startsWith('dsp_unknown') ? null : await jobRow(id);
      const responses = [
        await call('GET', `/api/driver/jobs/${id}`, { cookie: me.cookie }),
        await post(`/api/driver/jobs/${id}/status`, me.cookie, { status: 'accepted' }),
        await post(`/api/driver/jobs/${id}/status`, me.cookie, { status: 'picked_up' }),
        await post(`/api/driver/jobs/${id}/deliver`, me.cookie, {}),
        await post(`/api/driver/jobs/${id}/fail`, me.cookie, { reason: 'refused' }),
      ];
      for (const response of responses) {
        expect(response.status, id).toBe(404);
        expect(response.body).toEqual({ error: 'not_found', error_desc: `No dispatch with id "${id}"` });
      }
      if (before) expect(await jobRow(id)).toEqual(before);
    }
  });

  it('refuses callers that are not signed in as a driver', async () => {
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    expect((await call('GET', '/api/driver/jobs')).status).toBe(401);
    expect((await call('GET', '/api/driver/jobs', { cookie: staff.cookie })).status).toBe(403);
  });
});

describe('GET /api/driver/jobs/{id}', () => {
  it('shows the job in the asked language with the customer while on duty, and drops the customer once delivered', async () => {
    const me = await newDriverWithSession();
    const account = await newAccount();
    const id = await jobFor(me.driver.id, account.id);
    await db().dispatch.update({ where: { id }, data: { dropoffInstructions: 'Gate code 4521, second floor' } });
    const response = await call('GET', `/api/driver/jobs/${id}?locale=ar`, { cookie: me.cookie });
    expect(response.status).toBe(200);
    const job = response.body.data;
    expect(job).toMatchObject({
      id,
      state: 'assigned',
      restaurant: 'بيت البرجر',
      pickup: { lat: 24.7136, lng: 46.6753, address_line: 'Olaya St, Riyadh' },
      destination: { lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd, Riyadh' },
      next_statuses: ['accepted'],
      order: {
        items: [
          { name: 'برجر مزدوج', count: 2 },
          { name: 'Fries', count: 1 },
        ],
        total: 87.5,
        currency: 'SAR',
        payment_type: 'VISA',
      },
      customer: { first_name: 'Sara', phone: '+966500000042' },
      dropoff_instructions: 'Gate code 4521, second floor',
      contactless: false,
      proof_required: 'none',
      media: [],
    });
    expect(job.status.map((entry: { status: string }) => entry.status)).toEqual(['new', 'assigned']);
    // Nothing else about the customer: no last name, email or id.
    expect(JSON.stringify(job)).not.toContain('Al-Qahtani');
    expect(JSON.stringify(job)).not.toContain('sara@example.com');
    expect((await call('GET', `/api/driver/jobs/${id}`, { cookie: me.cookie })).body.data.restaurant).toBe('Burger House');

    for (const status of ['accepted', 'picked_up']) expect((await post(`/api/driver/jobs/${id}/status`, me.cookie, { status })).status).toBe(200);
    const delivered = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, {});
    expect(delivered.status).toBe(200);
    // Regression: a finished job kept the door and the gate code visible to the driver for a day.
    expect(delivered.body.data).toMatchObject({ state: 'delivered', customer: null, destination: null, dropoff_instructions: null, next_statuses: [] });
    const list = await call('GET', '/api/driver/jobs', { cookie: me.cookie });
    expect(list.body.data).toEqual([expect.objectContaining({ id, state: 'delivered', destination: null })]);
    const reread = await call('GET', `/api/driver/jobs/${id}`, { cookie: me.cookie });
    for (const body of [list.body, reread.body, delivered.body]) {
      for (const customerData of ['+966500000042', 'Sara', 'King Abdullah Rd', 'Gate code 4521', '46.7386']) expect(JSON.stringify(body)).not.toContain(customerData);
    }
  });

  it('refuses an unknown locale with 400', async () => {
    const me = await newDriverWithSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id);
    const response = await call('GET', `/api/driver/jobs/${id}?locale=fr`, { cookie: me.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });
});

describe('POST /api/driver/jobs/{id}/status', () => {
  it('records accepted then picked_up as the driver, each announced, offering the next legal buttons', async () => {
    const me = await newDriverWithSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id);
    const accepted = await post(`/api/driver/jobs/${id}/status`, me.cookie, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', next_statuses: ['picked_up'] });
    const picked = await post(`/api/driver/jobs/${id}/status`, me.cookie, { status: 'picked_up' });
    expect(picked.body.data).toMatchObject({ state: 'picked_up', next_statuses: ['delivered'] });
    const events = await statusEvents(id);
    expect(events.slice(-2).map((event) => [event.payload.status.at(-1)!.status, event.actorType, event.actorId])).toEqual([
      ['accepted', 'driver', me.driver.id],
      ['picked_up', 'driver', me.driver.id],
    ]);
    // Recording it again is an illegal transition, and nothing is written.
    const again = await post(`/api/driver/jobs/${id}/status`, me.cookie, { status: 'picked_up' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_transition');
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted', 'picked_up']);
  });

  it('refuses any other status or a bad body with 400, writing nothing', async () => {
    const me = await newDriverWithSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id, ['accepted']);
    for (const body of [{ status: 'delivered' }, { status: 'cancelled' }, { status: 'near_pickup' }, { status: 'assigned' }, {}, { status: 7 }, []]) {
      const response = await post(`/api/driver/jobs/${id}/status`, me.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect((await call('POST', `/api/driver/jobs/${id}/status`, { cookie: me.cookie, raw: '{not json' })).status).toBe(400);
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted']);
  });

  it('applies an offline replay once: the same Idempotency-Key twice answers the first reply again', async () => {
    const me = await newDriverWithSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id, ['accepted']);
    const [first] = await callTwiceIdempotent('POST', `/api/driver/jobs/${id}/status`, { cookie: me.cookie, body: { status: 'picked_up' }, key: `offline-${uniqueSuffix()}` });
    expect(first.status).toBe(200);
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted', 'picked_up']);
    expect((await statusEvents(id)).filter((event) => event.payload.status.at(-1)!.status === 'picked_up')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { assignDriver } from '@/lib/dispatches/assign-driver';
import { changeStatus } from '@/lib/dispatches/change-status';
import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { newId } from '@/lib/ids/new-id';
import { mediaUrlOf } from '@/lib/media/media-url';
import { platformScope } from '@/lib/tenancy/scope';
import type { Status } from '@/lib/transitions/statuses';
import { call, callTwiceIdempotent } from '@/test/api';
import { dispatchBody, newAccount, newDriver, newDriverSession as signedInDriver, newStaffSession, uniqueSuffix } from '@/test/fixtures';

// The driver app's job routes: a driver reaches only the dispatches assigned to them, records
// their statuses through the one transition table, proves deliveries as the account requires,
// and reports failed ones, each announced to the vendor as the webhooks' events.

const ADMIN = { refType: 'admin', refId: 'test' } as const;

/** A new driver, signed in to the driver app: `cookie` for the driver routes. */
async function newDriverSession() {
  const driver = await newDriver();
  const { cookie } = await signedInDriver(driver.id);
  return { driver, cookie };
}

type Proof = 'none' | 'photo' | 'signature' | 'pin';

async function accountRequiring(proof: Proof) {
  const account = await newAccount();
  await db().account.update({ where: { id: account.id }, data: { proofOfDelivery: proof } });
  return account;
}

/** A dispatch of the account assigned to the driver and moved on through `statuses` (as the driver). */
async function jobFor(driverId: string, accountId: string, statuses: Status[] = []) {
  const { id } = await createDispatch({ accountId, input: dispatchBody() });
  await assignDriver({ id, scope: platformScope(), driverId, actor: ADMIN });
  for (const status of statuses) await changeStatus({ id, scope: platformScope(), status, actor: { refType: 'driver', refId: driverId } });
  return id;
}

/** A real dispatch_media row, as the upload (POST …/media) writes it; the bytes are not needed here. */
async function mediaRow(dispatchId: string, kind: 'photo' | 'signature' | 'failure_photo') {
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

async function row(id: string) {
  return db().dispatch.findUniqueOrThrow({
    where: { id },
    select: { state: true, statusHistory: true, mediaUrl: true, record: true, cancelReason: true, failureReason: true, failureNote: true },
  });
}

async function history(id: string): Promise<string[]> {
  return ((await row(id)).statusHistory as { status: string }[]).map((entry) => entry.status);
}

/** The vendor's `dispatch.status_updated` events (the webhook bodies), oldest first. */
async function statusEvents(id: string) {
  const events = await db().dispatchEvent.findMany({
    where: { dispatchId: id, type: 'dispatch.status_updated' },
    orderBy: { sequence: 'asc' },
    select: { payload: true, actorType: true, actorId: true },
  });
  return events.map((event) => ({ ...event, payload: event.payload as { status: { status: string }[]; media_url: unknown; cancellation: unknown } }));
}

const post = (path: string, cookie: string, body: unknown, headers?: Record<string, string>) => call('POST', path, { cookie, body, headers });

describe('the driver scope', () => {
  it("answers 404 for another driver's job on every route, lists only the driver's own, and writes nothing", async () => {
    const me = await newDriverSession();
    const other = await newDriverSession();
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
      const before = id.startsWith('dsp_unknown') ? null : await row(id);
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
      if (before) expect(await row(id)).toEqual(before);
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
    const me = await newDriverSession();
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
    const me = await newDriverSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id);
    const response = await call('GET', `/api/driver/jobs/${id}?locale=fr`, { cookie: me.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });
});

describe('POST /api/driver/jobs/{id}/status', () => {
  it('records accepted then picked_up as the driver, each announced, offering the next legal buttons', async () => {
    const me = await newDriverSession();
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
    const me = await newDriverSession();
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
    const me = await newDriverSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id, ['accepted']);
    const [first] = await callTwiceIdempotent('POST', `/api/driver/jobs/${id}/status`, { cookie: me.cookie, body: { status: 'picked_up' }, key: `offline-${uniqueSuffix()}` });
    expect(first.status).toBe(200);
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted', 'picked_up']);
    expect((await statusEvents(id)).filter((event) => event.payload.status.at(-1)!.status === 'picked_up')).toHaveLength(1);
  });
});

describe('POST /api/driver/jobs/{id}/deliver', () => {
  it.each(['photo', 'signature'] as const)('refuses without the required %s (400 proof_required), then delivers with it in media_url', async (kind) => {
    const me = await newDriverSession();
    const account = await accountRequiring(kind);
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    expect((await call('GET', `/api/driver/jobs/${id}`, { cookie: me.cookie })).body.data.proof_required).toBe(kind);
    // The other kind of image is no proof.
    await mediaRow(id, kind === 'photo' ? 'signature' : 'photo');
    const refused = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('proof_required');
    expect((await row(id)).state).toBe('picked_up');

    const first = await mediaRow(id, kind);
    const latest = await mediaRow(id, kind);
    const delivered = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, {});
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.state).toBe('delivered');
    expect(delivered.body.data.media.map((media: { id: string }) => media.id)).toEqual(expect.arrayContaining([first.id, latest.id]));
    expect(delivered.body.data.media.find((media: { id: string }) => media.id === latest.id)).toEqual({ id: latest.id, kind, url: `/api/driver/media/${latest.id}` });
    const stored = await row(id);
    expect((stored.mediaUrl as Record<string, string>)[kind]).toBe(mediaUrlOf(latest.id));
    const last = (await statusEvents(id)).at(-1)!;
    expect(last).toMatchObject({ actorType: 'driver', actorId: me.driver.id });
    expect(last.payload.status.at(-1)!.status).toBe('delivered');
    expect((last.payload.media_url as Record<string, string>)[kind]).toBe(mediaUrlOf(latest.id));
  });

  it('checks the customer’s PIN: missing or wrong is 400, five wrong tries lock the delivery (429), the right one delivers', async () => {
    const me = await newDriverSession();
    const account = await accountRequiring('pin');
    const locked = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const { deliveryPin } = await db().dispatch.findUniqueOrThrow({ where: { id: locked }, select: { deliveryPin: true } });
    expect(deliveryPin).toMatch(/^\d{4}$/);
    const wrong = deliveryPin === '0000' ? '1111' : '0000';

    const missing = await post(`/api/driver/jobs/${locked}/deliver`, me.cookie, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('proof_required');
    for (const pin of ['123', '12345', 'abcd', 1234]) expect((await post(`/api/driver/jobs/${locked}/deliver`, me.cookie, { pin })).status).toBe(400);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post(`/api/driver/jobs/${locked}/deliver`, me.cookie, { pin: wrong });
      expect(response.status, `try ${attempt}`).toBe(400);
      expect(response.body.error).toBe('pin_incorrect');
    }
    const throttled = await post(`/api/driver/jobs/${locked}/deliver`, me.cookie, { pin: deliveryPin });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe('too_many_attempts');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await row(locked)).state).toBe('picked_up');

    // Another dispatch has its own allowance: a wrong try, then the right PIN.
    const other = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const { deliveryPin: otherPin } = await db().dispatch.findUniqueOrThrow({ where: { id: other }, select: { deliveryPin: true } });
    expect((await post(`/api/driver/jobs/${other}/deliver`, me.cookie, { pin: otherPin === '0000' ? '1111' : '0000' })).status).toBe(400);
    const delivered = await post(`/api/driver/jobs/${other}/deliver`, me.cookie, { pin: otherPin });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.state).toBe('delivered');
    expect(await db().loginFailure.count({ where: { bucket: `pin:${other}` } })).toBe(0);
    // The restaurant sees that the PIN was checked (and when); the locked one has no such mark.
    expect(((await row(other)).record as { pin_checked_at: string | null }).pin_checked_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(((await row(locked)).record as { pin_checked_at: string | null }).pin_checked_at).toBeNull();
  });

  it('asks the cash collected on a cash order (400 without it or with a bad amount), and keeps it on the record for the restaurant', async () => {
    const me = await newDriverSession();
    const account = await accountRequiring('none');
    const body = dispatchBody();
    const { id } = await createDispatch({
      accountId: account.id,
      input: { ...body, vendor_payload: { ...body.vendor_payload, order_price: 87.5, currency: 'SAR', payment_type: 'CASH' } },
    });
    await assignDriver({ id, scope: platformScope(), driverId: me.driver.id, actor: ADMIN });
    for (const status of ['accepted', 'picked_up'] as const) await changeStatus({ id, scope: platformScope(), status, actor: { refType: 'driver', refId: me.driver.id } });

    const missing = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'proof_required', error_desc: expect.stringMatching(/^cash_collected: /) });
    for (const cash of [-1, '87.5', 1.0001]) {
      const refused = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, { cash_collected: cash });
      expect(refused.status, String(cash)).toBe(400);
      expect(refused.body.error_desc).toMatch(/^cash_collected: /);
    }
    expect((await row(id)).state).toBe('picked_up');
    const delivered = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, { cash_collected: 80 });
    expect(delivered.status).toBe(200);
    const record = (await row(id)).record as { cash_collected: number | null; pin_checked_at: string | null };
    expect(record).toMatchObject({ cash_collected: 80, pin_checked_at: null });
    // The vendor's webhook carries it too.
    expect((await statusEvents(id)).at(-1)!.payload).toMatchObject({ cash_collected: 80 });

    // A card order asks nothing about cash, and records none even if sent.
    const card = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    expect((await post(`/api/driver/jobs/${card}/deliver`, me.cookie, { cash_collected: 5 })).status).toBe(200);
    expect(((await row(card)).record as { cash_collected: number | null }).cash_collected).toBeNull();
  });

  it('never compares more than five PINs, however many wrong ones race a pickup', async () => {
    // Regression: the try was reserved only if an unlocked read found the delivery allowed, so a
    // delivery that read `accepted` and then found `picked_up` under the lock compared its PIN for
    // free (24 in flight compared 18–20 PINs on PostgreSQL).
    const me = await newDriverSession();
    const account = await accountRequiring('pin');
    for (let round = 0; round < 3; round++) {
      const id = await jobFor(me.driver.id, account.id, ['accepted']);
      const { deliveryPin } = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { deliveryPin: true } });
      const wrong = deliveryPin === '0000' ? '1111' : '0000';
      const deliveries = Array.from({ length: 24 }, () => post(`/api/driver/jobs/${id}/deliver`, me.cookie, { pin: wrong }));
      const pickup = new Promise((resolve) => setImmediate(resolve)).then(() =>
        changeStatus({ id, scope: platformScope(), status: 'picked_up', actor: { refType: 'driver', refId: me.driver.id } }),
      );
      const [responses] = await Promise.all([Promise.all(deliveries), pickup]);
      const compared = responses.filter((response) => response.body.error === 'pin_incorrect').length;
      expect(compared, `round ${round}: PINs compared`).toBeLessThanOrEqual(5);
      for (const response of responses) expect([400, 409, 429]).toContain(response.status);
      expect(await db().loginFailure.count({ where: { bucket: `pin:${id}` } })).toBe(compared);
      expect((await row(id)).state).toBe('picked_up');
    }
  });

  it('refuses a delivery the table does not allow yet (409) without spending a PIN try', async () => {
    const me = await newDriverSession();
    const account = await accountRequiring('pin');
    const id = await jobFor(me.driver.id, account.id, ['accepted']);
    const response = await post(`/api/driver/jobs/${id}/deliver`, me.cookie, { pin: '0000' });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('invalid_transition');
    expect(await db().loginFailure.count({ where: { bucket: `pin:${id}` } })).toBe(0);
  });
});

describe('POST /api/driver/jobs/{id}/fail', () => {
  it('records cancelled by the driver with the failure and its photo; the vendor’s webhook carries it', async () => {
    const me = await newDriverSession();
    const account = await newAccount();
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const photo = await mediaRow(id, 'failure_photo');
    const response = await post(`/api/driver/jobs/${id}/fail`, me.cookie, { reason: 'customer_unreachable', note: '  Nobody answered the door or the phone ' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ state: 'cancelled', customer: null, next_statuses: [] });
    const stored = await row(id);
    expect(stored).toMatchObject({ state: 'cancelled', cancelReason: 'delivery_failed', failureReason: 'customer_unreachable', failureNote: 'Nobody answered the door or the phone' });
    const cancellation = {
      reason: 'delivery_failed',
      reason_text: null,
      by: { ref_type: 'driver', ref_id: me.driver.id },
      at: expect.any(String),
      failure: { reason: 'customer_unreachable', note: 'Nobody answered the door or the phone' },
    };
    expect((stored.record as { cancellation: unknown }).cancellation).toEqual(cancellation);
    expect(stored.mediaUrl).toEqual({ failure_photo: mediaUrlOf(photo.id) });
    const last = (await statusEvents(id)).at(-1)!;
    expect(last).toMatchObject({ actorType: 'driver', actorId: me.driver.id });
    expect(last.payload.status.at(-1)!.status).toBe('cancelled');
    expect(last.payload.cancellation).toEqual(cancellation);
    expect(last.payload.media_url).toEqual({ failure_photo: mediaUrlOf(photo.id) });
    // The vendor reads the same from the API.
    const read = await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key });
    expect(read.body.data.cancellation).toEqual(cancellation);
  });

  it('is refused before pickup (409) and with a bad body (400), writing nothing', async () => {
    const me = await newDriverSession();
    const id = await jobFor(me.driver.id, (await newAccount()).id, ['accepted']);
    const early = await post(`/api/driver/jobs/${id}/fail`, me.cookie, { reason: 'refused' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('invalid_transition');
    for (const body of [{}, { reason: 'lost' }, { reason: 'refused', note: 'x'.repeat(501) }, { reason: 'refused', note: 'a\u0000b' }]) {
      expect((await post(`/api/driver/jobs/${id}/fail`, me.cookie, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await history(id)).toEqual(['new', 'assigned', 'accepted']);
  });

  it('keeps the vendor’s cancel refused after pickup, while the driver’s failure is allowed', async () => {
    const me = await newDriverSession();
    const account = await newAccount();
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const vendor = await call('POST', `/ext/dispatch/${id}/cancel`, { apiKey: account.api_key, body: { reason: 'customer_cancelled' } });
    expect(vendor.status).toBe(409);
    expect(vendor.body).toEqual({ error: 'invalid_state', error_desc: 'The dispatch cannot be cancelled: it is picked_up' });
    expect((await post(`/api/driver/jobs/${id}/fail`, me.cookie, { reason: 'wrong_address' })).status).toBe(200);
  });

  it('lets an operator cancel after pickup (on the driver’s behalf), and staff not', async () => {
    const me = await newDriverSession();
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const byStaff = await call('POST', `/api/staff/dispatches/${id}/cancel`, { cookie: staff.cookie, body: { reason: 'customer_cancelled' } });
    expect(byStaff.status).toBe(409);
    expect((await row(id)).state).toBe('picked_up');
    const byOps = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'cancelled', reason: 'address_problem' } });
    expect(byOps.status).toBe(200);
    expect(byOps.body.data.cancellation).toMatchObject({ reason: 'address_problem', by: { ref_type: 'admin', ref_id: 'ops' }, failure: null });
    // The driver's job shows it finished, without the customer.
    expect((await call('GET', `/api/driver/jobs/${id}`, { cookie: me.cookie })).body.data).toMatchObject({ state: 'cancelled', customer: null });
  });
});

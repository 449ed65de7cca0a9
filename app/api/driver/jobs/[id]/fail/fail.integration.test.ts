import { describe, expect, it } from 'vitest';
import { mediaUrlOf } from '@/lib/dispatch/server/media/media-url';
import { call } from '@/test/api';
import { history, jobFor, jobRow, mediaRow, newDriverWithSession, statusEvents } from '@/test/driver-jobs';
import { newAccount, newStaffSession } from '@/test/fixtures';

// The driver reports a failed delivery after pickup: the job is cancelled by the driver with the
// failure and its photo, announced to the vendor; who else may cancel then.

const post = (path: string, cookie: string, body: unknown, headers?: Record<string, string>) => call('POST', path, { cookie, body, headers });

describe('POST /api/driver/jobs/{id}/fail', () => {
  it('records cancelled by the driver with the failure and its photo; the vendor’s webhook carries it', async () => {
    const me = await newDriverWithSession();
    const account = await newAccount();
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const photo = await mediaRow(id, 'failure_photo');
    const response = await post(`/api/driver/jobs/${id}/fail`, me.cookie, { reason: 'customer_unreachable', note: '  Nobody answered the door or the phone ' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ state: 'cancelled', customer: null, next_statuses: [] });
    const stored = await jobRow(id);
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
    const me = await newDriverWithSession();
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
    const me = await newDriverWithSession();
    const account = await newAccount();
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const vendor = await call('POST', `/ext/dispatch/${id}/cancel`, { apiKey: account.api_key, body: { reason: 'customer_cancelled' } });
    expect(vendor.status).toBe(409);
    expect(vendor.body).toEqual({ error: 'invalid_state', error_desc: 'The dispatch cannot be cancelled: it is picked_up' });
    expect((await post(`/api/driver/jobs/${id}/fail`, me.cookie, { reason: 'wrong_address' })).status).toBe(200);
  });

  it('lets an operator cancel after pickup (on the driver’s behalf), and staff not', async () => {
    const me = await newDriverWithSession();
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    const id = await jobFor(me.driver.id, account.id, ['accepted', 'picked_up']);
    const byStaff = await call('POST', `/api/staff/dispatches/${id}/cancel`, { cookie: staff.cookie, body: { reason: 'customer_cancelled' } });
    expect(byStaff.status).toBe(409);
    expect((await jobRow(id)).state).toBe('picked_up');
    const byOps = await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'cancelled', reason: 'address_problem' } });
    expect(byOps.status).toBe(200);
    expect(byOps.body.data.cancellation).toMatchObject({ reason: 'address_problem', by: { ref_type: 'admin', ref_id: 'ops' }, failure: null });
    // The driver's job shows it finished, without the customer.
    expect((await call('GET', `/api/driver/jobs/${id}`, { cookie: me.cookie })).body.data).toMatchObject({ state: 'cancelled', customer: null });
  });
});

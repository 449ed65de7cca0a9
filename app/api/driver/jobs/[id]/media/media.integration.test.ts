import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { db } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { signMediaLink } from '@/lib/dispatch/server/internal/media/media-link-signature';
import { call } from '@/test/api';
import { newAdminSession, newStaffSession, staffOfNewAccount } from '@/test/fixtures';
import { jpegImage, pngImage, truncatedJpeg } from '@/test/media-fixtures';
import { dispatchAssignedTo, filesUnder, newDriverSession, temporaryMediaDir, withEnv } from '@/test/media-setup';
import { readMedia } from '@/lib/dispatch/server/internal/media/read-media';
import { mediaStorage } from '@/lib/dispatch/server/internal/media/storage';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { POST as upload } from '@/app/api/driver/jobs/[id]/media/route';
import { GET as signedMedia } from '@/app/media/[id]/route';

// The media routes end to end: the driver's upload, the driver's and the console's reads, the
// vendor's stable URL and the signed link it leads to.

const media = await temporaryMediaDir();
afterAll(() => media.cleanUp());

interface Upload {
  cookie: string;
  dispatchId: string;
  bytes: Buffer | Uint8Array;
  contentType?: string;
  kind?: string;
  headers?: Record<string, string>;
}

/** Sends image bytes as the app does (test/api.ts's `call` sends text). */
async function send({ cookie, dispatchId, bytes, contentType = 'image/jpeg', kind = 'photo', headers = {} }: Upload) {
  const url = `http://localhost/api/driver/jobs/${dispatchId}/media${kind === '' ? '' : `?kind=${kind}`}`;
  const request = new Request(url, {
    method: 'POST',
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': contentType, ...headers },
    body: new Uint8Array(bytes),
  });
  const response = await upload(request, { params: Promise.resolve({ id: dispatchId }) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** Follows a signed link to the image (the bytes as they are; `call` would read them as text). */
function follow(link: URL): Promise<Response> {
  const id = link.pathname.split('/').pop()!;
  return signedMedia(new Request(link), { params: Promise.resolve({ id }) });
}

async function driverOnADispatch() {
  const session = await newDriverSession();
  const { account, dispatch } = await dispatchAssignedTo(session.driver.id);
  return { ...session, account, dispatch };
}

async function stored(dispatchId: string) {
  return { rows: await db().dispatchMedia.count({ where: { dispatchId } }), files: await filesUnder(media.mediaDir()) };
}

describe('POST /api/driver/jobs/{id}/media', () => {
  it('stores a photo and answers its stable URL; the driver reads it back', async () => {
    const { cookie, dispatch } = await driverOnADispatch();
    const created = await send({ cookie, dispatchId: dispatch.id, bytes: await jpegImage() });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    expect(created.body).toEqual({ data: { id: expect.stringMatching(/^med_/), kind: 'photo', url: `${getEnv().PUBLIC_URL}/ext/media/${id}` } });

    const read = await call('GET', `/api/driver/media/${id}`, { cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    const row = await db().dispatchMedia.findUniqueOrThrow({ where: { id } });
    expect(Number(read.headers.get('content-length'))).toBe(row.bytes);
  });

  it('is idempotent: the same image under the same key is stored once; another image under it is 422', async () => {
    const { cookie, dispatch } = await driverOnADispatch();
    const bytes = await jpegImage();
    const headers = { 'idempotency-key': 'photo-offline-1' };
    const first = await send({ cookie, dispatchId: dispatch.id, bytes, headers });
    const retry = await send({ cookie, dispatchId: dispatch.id, bytes, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await stored(dispatch.id)).rows).toBe(1);

    const other = await send({ cookie, dispatchId: dispatch.id, bytes: await jpegImage(321, 240), headers });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('idempotency_key_reused');
    const otherKind = await send({ cookie, dispatchId: dispatch.id, bytes, headers, kind: 'failure_photo' });
    expect(otherKind.status).toBe(422);
    expect((await stored(dispatch.id)).rows).toBe(1);
  });

  it('refuses an oversize, wrongly typed, truncated or empty upload, storing nothing', async () => {
    const { cookie, dispatch } = await driverOnADispatch();
    const before = await stored(dispatch.id);
    const oversize = Buffer.alloc(getEnv().MEDIA_MAX_BYTES + 1, 0xff);
    const cases = [
      { bytes: oversize, status: 413, error: 'payload_too_large' },
      { bytes: Buffer.alloc(10), headers: { 'content-length': String(getEnv().MEDIA_MAX_BYTES + 1) }, status: 413, error: 'payload_too_large' },
      { bytes: await pngImage(), contentType: 'image/jpeg', status: 415, error: 'unsupported_media_type' },
      { bytes: Buffer.from('not an image, named door.jpg'), status: 415, error: 'unsupported_media_type' },
      { bytes: await jpegImage(), contentType: 'image/gif', status: 415, error: 'unsupported_media_type' },
      { bytes: await truncatedJpeg(), status: 400, error: 'invalid_request' },
      { bytes: Buffer.alloc(0), status: 400, error: 'invalid_request' },
    ];
    for (const { status, error, ...upload } of cases) {
      const response = await send({ cookie, dispatchId: dispatch.id, ...upload });
      expect(response.status, error).toBe(status);
      expect(response.body.error).toBe(error);
      expect(response.body.error_desc).toEqual(expect.any(String));
    }
    expect(await stored(dispatch.id)).toEqual(before);
  });

  it('a refusal under an Idempotency-Key is replayed, and nothing is stored', async () => {
    const { cookie, dispatch } = await driverOnADispatch();
    const headers = { 'idempotency-key': 'photo-refused-1' };
    const bytes = await pngImage();
    const first = await send({ cookie, dispatchId: dispatch.id, bytes, contentType: 'image/jpeg', headers });
    const retry = await send({ cookie, dispatchId: dispatch.id, bytes, contentType: 'image/jpeg', headers });
    expect([first.status, retry.status]).toEqual([415, 415]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await stored(dispatch.id)).rows).toBe(0);
  });

  it('needs a known kind (400)', async () => {
    const { cookie, dispatch } = await driverOnADispatch();
    for (const kind of ['', 'selfie']) {
      const response = await send({ cookie, dispatchId: dispatch.id, bytes: await jpegImage(), kind });
      expect(response.status).toBe(400);
      expect(response.body.error_desc).toMatch(/^kind: /);
    }
  });

  it('answers 404 for another driver’s dispatch and an unknown one, storing nothing', async () => {
    const mine = await driverOnADispatch();
    const theirs = await driverOnADispatch();
    const before = await stored(theirs.dispatch.id);
    for (const dispatchId of [theirs.dispatch.id, 'dsp_unknown']) {
      const response = await send({ cookie: mine.cookie, dispatchId, bytes: await jpegImage() });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', error_desc: `No dispatch with id "${dispatchId}"` });
    }
    expect(await stored(theirs.dispatch.id)).toEqual(before);
  });

  it('answers 409 once the dispatch keeps the most media, and 429 with Retry-After past the driver’s allowance', async () => {
    const restore = withEnv({ MEDIA_PER_DISPATCH: '1', MEDIA_UPLOADS_PER_DRIVER: '2' });
    try {
      const { cookie, dispatch, driver } = await driverOnADispatch();
      expect((await send({ cookie, dispatchId: dispatch.id, bytes: await jpegImage() })).status).toBe(201);
      const full = await send({ cookie, dispatchId: dispatch.id, bytes: await jpegImage(), kind: 'signature' });
      expect(full).toMatchObject({ status: 409, body: { error: 'invalid_state' } });
      expect(full.headers.get('retry-after')).toBeNull();

      const { dispatch: second } = await dispatchAssignedTo(driver.id);
      expect((await send({ cookie, dispatchId: second.id, bytes: await jpegImage() })).status).toBe(201);
      const { dispatch: third } = await dispatchAssignedTo(driver.id);
      const limited = await send({ cookie, dispatchId: third.id, bytes: await jpegImage() });
      expect(limited).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await db().dispatchMedia.count({ where: { driverId: driver.id } })).toBe(2);
    } finally {
      restore();
    }
  });

  it('needs a driver’s session', async () => {
    const { dispatch, account } = await driverOnADispatch();
    const staff = await newStaffSession(account.id);
    expect((await send({ cookie: '', dispatchId: dispatch.id, bytes: await jpegImage() })).status).toBe(401);
    expect((await send({ cookie: staff.cookie, dispatchId: dispatch.id, bytes: await jpegImage() })).status).toBe(403);
  });
});

describe('reading media', () => {
  async function uploaded() {
    const setup = await driverOnADispatch();
    const created = await send({ cookie: setup.cookie, dispatchId: setup.dispatch.id, bytes: await jpegImage() });
    expect(created.status).toBe(201);
    return { ...setup, id: created.body.data.id as string, url: created.body.data.url as string };
  }

  it('the owning account’s key follows /ext/media/{id} to the bytes; another account’s key gets 404', async () => {
    const { account, id, url } = await uploaded();
    const found = await call('GET', new URL(url).pathname, { apiKey: account.api_key });
    expect(found.status).toBe(302);
    const location = new URL(found.headers.get('location')!);
    expect(location.origin).toBe(getEnv().PUBLIC_URL);
    expect(location.pathname).toBe(`/media/${id}`);

    const image = await follow(location);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('private, max-age=600');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes).toEqual((await readMedia({ scope: accountScope(account.id), id })).bytes);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');

    const other = await dispatchAssignedTo((await driverOnADispatch()).driver.id);
    const refused = await call('GET', `/ext/media/${id}`, { apiKey: other.account.api_key });
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found', error_desc: `No media with id "${id}"` } });
    expect(refused.headers.get('location')).toBeNull();
    expect((await call('GET', '/ext/media/med_0000000000000000000000', { apiKey: account.api_key })).status).toBe(404);
  });

  it('the signed link refuses an expired or tampered signature (403) and an unknown medium (404)', async () => {
    const { account, id } = await uploaded();
    const { key } = await db().dispatchMedia.findUniqueOrThrow({ where: { id } });
    const expired = signMediaLink({ id, accountId: account.id, secret: key, now: new Date(Date.now() - 11 * 60_000) });
    expect((await call('GET', `/media/${id}?${expired}`)).status).toBe(403);

    const valid = new URLSearchParams(signMediaLink({ id, accountId: account.id, secret: key, now: new Date() }));
    expect((await call('GET', `/media/${id}?${valid}`)).status).toBe(200);
    const signature = valid.get('signature')!;
    const tampered = new URLSearchParams(valid);
    tampered.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    const forbidden = await call('GET', `/media/${id}?${tampered}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('forbidden');
    const later = new URLSearchParams(valid);
    later.set('expires', String(Number(valid.get('expires')) + 30));
    expect((await call('GET', `/media/${id}?${later}`)).status).toBe(403);
    expect((await call('GET', `/media/${id}`)).status).toBe(403);
    // Another medium's signature proves nothing for this one.
    const second = await uploaded();
    expect((await call('GET', `/media/${second.id}?${valid}`)).status).toBe(403);
    expect((await call('GET', `/media/med_0000000000000000000000?${valid}`)).status).toBe(404);
    expect((await call('GET', `/media/not-a-media-id?${valid}`)).status).toBe(404);
  });

  // Regression: /media/{id} answered by itself, outside the route wrapper: hand-made refusals and
  // Next's bare 500 when anything threw. It is the API's now: request ids, no-store errors, the
  // error table, and a logged 500 with the id to quote.
  it('the signed link answers as the API does: request ids on every answer, a 500 to quote when the file is gone', async () => {
    const { account, id } = await uploaded();
    const media = await db().dispatchMedia.findUniqueOrThrow({ where: { id } });
    const valid = new URLSearchParams(signMediaLink({ id, accountId: account.id, secret: media.key, now: new Date() }));
    const unknown = await call('GET', `/media/med_0000000000000000000000?${valid}`);
    expect(unknown.body).toEqual({ error: 'not_found', error_desc: 'No media with id "med_0000000000000000000000"' });
    expect(unknown.headers.get('x-request-id')).toBeTruthy();
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    const ok = await call('GET', `/media/${id}?${valid}`);
    expect(ok.headers.get('x-request-id')).toBeTruthy();
    expect(ok.headers.get('cache-control')).toBe('private, max-age=600');
    await mediaStorage('fs').remove(media.key);
    const gone = await call('GET', `/media/${id}?${valid}`, { headers: { 'x-request-id': 'gone-file-test' } });
    expect(gone.status).toBe(500);
    expect(gone.body).toEqual({ error: 'internal_error', error_desc: 'Something went wrong on our side; quote request id gone-file-test to support' });
  });

  it('a driver reads only the media of their own dispatches', async () => {
    const { id } = await uploaded();
    const stranger = await driverOnADispatch();
    const refused = await call('GET', `/api/driver/media/${id}`, { cookie: stranger.cookie });
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('the console reads any medium; staff cannot', async () => {
    const { id, account } = await uploaded();
    const admin = await newAdminSession();
    const read = await call('GET', `/api/admin/media/${id}`, { cookie: admin.cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect((await call('GET', '/api/admin/media/med_0000000000000000000000', { cookie: admin.cookie })).status).toBe(404);
    const staff = await newStaffSession(account.id);
    expect((await call('GET', `/api/admin/media/${id}`, { cookie: staff.cookie })).status).toBe(403);
  });

  it('the restaurant’s staff read the proof and media of their own dispatches on the dispatch page; another account’s get 404', async () => {
    const { id, account, dispatch } = await uploaded();
    const staff = await newStaffSession(account.id);
    const proof = await call('GET', `/api/staff/dispatches/${dispatch.id}/proof`, { cookie: staff.cookie });
    expect(proof.status).toBe(200);
    expect(proof.body.data).toMatchObject({ media: [{ id, kind: 'photo' }], failure: null });
    const read = await call('GET', `/api/staff/media/${id}`, { cookie: staff.cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    const stranger = await staffOfNewAccount();
    expect(await call('GET', `/api/staff/dispatches/${dispatch.id}/proof`, { cookie: stranger.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await call('GET', `/api/staff/media/${id}`, { cookie: stranger.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    // A vendor key is not a staff session.
    expect((await call('GET', `/api/staff/media/${id}`, { apiKey: account.api_key })).status).toBe(401);
  });
});

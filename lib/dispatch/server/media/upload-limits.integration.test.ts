import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId } from '@/lib/platform/server/ids/new-id';
import { imageQueue } from '@/lib/dispatch/server/internal/media/image-queue';
import { recordMedia } from '@/lib/dispatch/server/internal/media/record-media';
import { UPLOAD_WINDOW_MS } from '@/lib/dispatch/server/internal/media/reserve-upload';
import { storeMedia } from '@/lib/dispatch/server/media/store-media';
import { driverScope } from '@/lib/platform/server/tenancy/scope';
import { newDriver } from '@/test/fixtures';
import { jpegImage, truncatedJpeg } from '@/test/media-fixtures';
import { dispatchAssignedTo, filesUnder, temporaryMediaDir, withEnv } from '@/test/media-setup';

// A driver could upload without limit, to one dispatch or many: every upload is a decode (CPU)
// and a stored object. Each dispatch keeps at most MEDIA_PER_DISPATCH media, counted in the
// statement that writes the row; each driver may attempt MEDIA_UPLOADS_PER_DRIVER uploads per 15
// minutes, counted atomically in the database; the process's image queue refuses what it has no
// room for. Each holds under concurrent uploads, on the embedded database and on PostgreSQL (a
// pool of connections, so the uploads' statements truly run at once).

const media = await temporaryMediaDir();
afterAll(() => media.cleanUp());

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

async function driverOnADispatch() {
  const driver = await newDriver();
  const { account, dispatch } = await dispatchAssignedTo(driver.id);
  return { driver, account, dispatch, scope: driverScope(driver.id) };
}

/** What each promise settled as: `ok`, or the DomainError code it was refused with. */
async function outcomes(attempts: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(attempts);
  return settled.map((result) => {
    if (result.status === 'fulfilled') return 'ok';
    if (result.reason instanceof DomainError) return result.reason.code;
    throw result.reason;
  });
}

const count = (values: string[], value: string) => values.filter((item) => item === value).length;

describe('media per dispatch', () => {
  it('keeps at most MEDIA_PER_DISPATCH of eight concurrent uploads; the others are 409 and leave no file', async () => {
    restore = withEnv({ MEDIA_PER_DISPATCH: '3', MEDIA_UPLOADS_PER_DRIVER: '100', MEDIA_IMAGE_QUEUE: '20' });
    const { dispatch, scope } = await driverOnADispatch();
    const filesBefore = await filesUnder(media.mediaDir());
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => jpegImage(320 + i, 240)));
    const results = await outcomes(photos.map((bytes) => storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes, declaredType: 'image/jpeg' })));
    expect(count(results, 'ok')).toBe(3);
    expect(count(results, 'invalid_state')).toBe(5);
    expect(await db().dispatchMedia.count({ where: { dispatchId: dispatch.id } })).toBe(3);
    expect((await filesUnder(media.mediaDir())).length).toBe(filesBefore.length + 3);

    const again = await storeMedia({ scope, dispatchId: dispatch.id, kind: 'signature', bytes: await jpegImage(), declaredType: 'image/jpeg' }).catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'invalid_state', message: 'This dispatch already has 3 photos and signatures, the most one dispatch keeps' });
    expect((again as DomainError).retryAfterSeconds).toBeUndefined();
  });

  it('counts in the statement that writes the row: twelve concurrent inserts for room for five write five', async () => {
    const { driver, account, dispatch } = await driverOnADispatch();
    const now = new Date();
    const insert = (i: number) =>
      recordMedia({
        id: newId('med'),
        driverId: driver.id,
        dispatchId: dispatch.id,
        kind: 'photo',
        storage: 'fs',
        key: `${account.id}/race-${i}.jpg`,
        image: { contentType: 'image/jpeg', bytes: 1_000, width: 10, height: 10 },
        maxPerDispatch: 5,
        now,
      });
    const results = await outcomes(Array.from({ length: 12 }, (_, i) => insert(i)));
    expect(count(results, 'ok')).toBe(5);
    expect(count(results, 'invalid_state')).toBe(7);
    expect(await db().dispatchMedia.count({ where: { dispatchId: dispatch.id } })).toBe(5);
  });

  it('another driver’s dispatch stays not found (404), full or not', async () => {
    const { account, dispatch } = await driverOnADispatch();
    const stranger = await newDriver();
    const attempt = recordMedia({
      id: newId('med'),
      driverId: stranger.id,
      dispatchId: dispatch.id,
      kind: 'photo',
      storage: 'fs',
      key: `${account.id}/stranger.jpg`,
      image: { contentType: 'image/jpeg', bytes: 1_000, width: 10, height: 10 },
      maxPerDispatch: 5,
      now: new Date(),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'not_found' });
    expect(await db().dispatchMedia.count({ where: { dispatchId: dispatch.id } })).toBe(0);
  });
});

describe('uploads per driver', () => {
  it('lets MEDIA_UPLOADS_PER_DRIVER of six concurrent uploads through, across dispatches; the rest are 429 with Retry-After', async () => {
    restore = withEnv({ MEDIA_UPLOADS_PER_DRIVER: '3', MEDIA_IMAGE_QUEUE: '20' });
    const { driver, dispatch, scope } = await driverOnADispatch();
    const { dispatch: second } = await dispatchAssignedTo(driver.id);
    const photo = await jpegImage();
    const results = await outcomes(
      [dispatch.id, second.id, dispatch.id, second.id, dispatch.id, second.id].map((dispatchId) =>
        storeMedia({ scope, dispatchId, kind: 'photo', bytes: photo, declaredType: 'image/jpeg' }),
      ),
    );
    expect(count(results, 'ok')).toBe(3);
    expect(count(results, 'too_many_requests')).toBe(3);
    expect(await db().dispatchMedia.count({ where: { driverId: driver.id } })).toBe(3);

    const refused = (await storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: photo, declaredType: 'image/jpeg' }).catch((error: unknown) => error)) as DomainError;
    expect(refused.code).toBe('too_many_requests');
    expect(refused.message).toMatch(/^Too many uploads: a driver may send 3 photos and signatures in 15 minutes; retry in \d+ min$/);
    expect(refused.retryAfterSeconds).toBeGreaterThan(UPLOAD_WINDOW_MS / 1000 - 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(UPLOAD_WINDOW_MS / 1000);

    // Another driver has an allowance of their own; this one's is back after the window.
    const other = await driverOnADispatch();
    await expect(storeMedia({ scope: other.scope, dispatchId: other.dispatch.id, kind: 'photo', bytes: photo, declaredType: 'image/jpeg' })).resolves.toMatchObject({ kind: 'photo' });
    const later = new Date(Date.now() + UPLOAD_WINDOW_MS + 1_000);
    await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: photo, declaredType: 'image/jpeg', now: later })).resolves.toMatchObject({ kind: 'photo' });
  });

  it('counts a refused image too: decoding it was the cost', async () => {
    restore = withEnv({ MEDIA_UPLOADS_PER_DRIVER: '2' });
    const { dispatch, scope } = await driverOnADispatch();
    const truncated = await truncatedJpeg();
    for (let i = 0; i < 2; i++) {
      await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: truncated, declaredType: 'image/jpeg' })).rejects.toMatchObject({ code: 'invalid_request' });
    }
    await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' })).rejects.toMatchObject({ code: 'too_many_requests' });
  });
});

describe('the image queue', () => {
  it('answers 503 with Retry-After when no upload may wait, decodes nothing, and does not count the upload', async () => {
    restore = withEnv({ MEDIA_IMAGE_QUEUE: '0', MEDIA_UPLOADS_PER_DRIVER: '1' });
    const { dispatch, scope } = await driverOnADispatch();
    let release!: () => void;
    const busy = imageQueue().run(() => new Promise<void>((resolve) => (release = resolve)));
    const refused = (await storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' }).catch((error: unknown) => error)) as DomainError;
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.code).toBe('service_unavailable');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    release();
    await busy;
    // The allowance of one upload is still whole.
    await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' })).resolves.toMatchObject({ kind: 'photo' });
    expect(await db().dispatchMedia.count({ where: { dispatchId: dispatch.id } })).toBe(1);
  });

  it('a waiting upload whose client went away leaves the queue undecoded and uncounted', async () => {
    restore = withEnv({ MEDIA_UPLOADS_PER_DRIVER: '1' });
    const { dispatch, scope } = await driverOnADispatch();
    let release!: () => void;
    const busy = imageQueue().run(() => new Promise<void>((resolve) => (release = resolve)));
    const client = new AbortController();
    const upload = storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg', signal: client.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.abort(new Error('client closed'));
    await expect(upload).rejects.toThrow('client closed');
    release();
    await busy;
    await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' })).resolves.toMatchObject({ kind: 'photo' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { db } from '@/lib/platform/server/db/client';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { UnsupportedImageType } from '@/lib/dispatch/server/internal/media/inspect-image';
import { getMediaLink } from '@/lib/dispatch/server/internal/media/get-media-link';
import { readMedia } from '@/lib/dispatch/server/internal/media/read-media';
import { LATE_UPLOAD_WINDOW_MS } from '@/lib/dispatch/server/internal/media/check-upload-target';
import { storeMedia } from '@/lib/dispatch/server/media/store-media';
import { mediaStorage } from '@/lib/dispatch/server/internal/media/storage';
import { accountScope, driverScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import { newDriver } from '@/test/fixtures';
import { jpegImage, jpegWithGps, pngImage, truncatedJpeg } from '@/test/media-fixtures';
import { dispatchAssignedTo, filesUnder, startS3Server, temporaryMediaDir } from '@/test/media-setup';

const media = await temporaryMediaDir();
afterAll(() => media.cleanUp());

const ADMIN = { refType: 'admin', refId: 'test-admin' } as const;

async function driverOnADispatch() {
  const driver = await newDriver();
  const { account, dispatch } = await dispatchAssignedTo(driver.id);
  return { driver, account, dispatch, scope: driverScope(driver.id) };
}

async function rowsOf(dispatchId: string) {
  return db().dispatchMedia.findMany({ where: { dispatchId } });
}

describe('storeMedia on the filesystem', () => {
  it('stores the re-encoded image under DATA_DIR/media and records it', async () => {
    const { account, dispatch, scope, driver } = await driverOnADispatch();
    const stored = await storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegWithGps(), declaredType: 'image/jpeg' });
    expect(stored).toEqual({ id: expect.stringMatching(/^med_/), kind: 'photo', url: `${getEnv().PUBLIC_URL}/ext/media/${stored.id}` });

    const [row] = await rowsOf(dispatch.id);
    expect(row).toMatchObject({ id: stored.id, accountId: account.id, driverId: driver.id, kind: 'photo', storage: 'fs', contentType: 'image/jpeg', width: 320, height: 240 });
    // The key is ours: the account, the media id and random characters; nothing the driver sent.
    expect(row!.key).toMatch(new RegExp(`^${account.id}/${stored.id}-[0-9A-Za-z]{22}\\.jpg$`));
    expect(await filesUnder(media.mediaDir())).toContain(row!.key);

    const read = await readMedia({ scope: accountScope(account.id), id: stored.id });
    expect(read.contentType).toBe('image/jpeg');
    expect(read.bytes.length).toBe(row!.bytes);
    expect((await sharp(read.bytes).metadata()).exif).toBeUndefined();
    // No temporary file is left beside it.
    expect((await filesUnder(media.mediaDir())).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('answers 404 for another driver’s dispatch and an unknown one, and stores nothing', async () => {
    const { dispatch } = await driverOnADispatch();
    const stranger = driverScope((await newDriver()).id);
    const before = await filesUnder(media.mediaDir());
    for (const dispatchId of [dispatch.id, 'dsp_unknown']) {
      const attempt = storeMedia({ scope: stranger, dispatchId, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' });
      await expect(attempt).rejects.toMatchObject({ code: 'not_found', message: `No dispatch with id "${dispatchId}"` });
    }
    expect(await rowsOf(dispatch.id)).toEqual([]);
    expect(await filesUnder(media.mediaDir())).toEqual(before);
  });

  it('stores nothing for a refused image: wrong type, truncated, too large', async () => {
    const { dispatch, scope } = await driverOnADispatch();
    const before = await filesUnder(media.mediaDir());
    const attempts = [
      { bytes: await pngImage(), declaredType: 'image/jpeg', refusal: UnsupportedImageType },
      { bytes: await truncatedJpeg(), declaredType: 'image/jpeg', refusal: DomainError },
      { bytes: Buffer.alloc(getEnv().MEDIA_MAX_BYTES + 1, 0xff), declaredType: 'image/jpeg', refusal: DomainError },
    ];
    for (const { bytes, declaredType, refusal } of attempts) {
      await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes, declaredType })).rejects.toBeInstanceOf(refusal);
    }
    expect(await rowsOf(dispatch.id)).toEqual([]);
    expect(await filesUnder(media.mediaDir())).toEqual(before);
  });

  it('takes media while the dispatch is on duty and shortly after delivery, then no more (409)', async () => {
    const { dispatch, scope } = await driverOnADispatch();
    const add = (kind: 'photo' | 'failure_photo', now?: Date) => storeMedia({ scope, dispatchId: dispatch.id, kind, bytes: Buffer.from([]), declaredType: 'image/jpeg', now });
    for (const status of ['accepted', 'picked_up', 'delivered'] as const) {
      await changeStatus({ id: dispatch.id, scope: platformScope(), status, actor: ADMIN });
    }
    const photo = await jpegImage();
    await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: photo, declaredType: 'image/jpeg' })).resolves.toMatchObject({ kind: 'photo' });
    // A failure photo belongs to a failed delivery, not a delivered one.
    await expect(add('failure_photo')).rejects.toMatchObject({ code: 'invalid_state' });
    const later = new Date(Date.now() + LATE_UPLOAD_WINDOW_MS + 1_000);
    await expect(add('photo', later)).rejects.toMatchObject({ code: 'invalid_state' });
    expect(await rowsOf(dispatch.id)).toHaveLength(1);
  });

  it('removes the stored file when the row cannot be written', async () => {
    const { dispatch, scope } = await driverOnADispatch();
    const before = await filesUnder(media.mediaDir());
    // A real failure of the insert, after the file was written: a trigger refusing this
    // dispatch's rows (PostgreSQL and PGlite alike).
    await db().$executeRawUnsafe(`CREATE FUNCTION test_refuse_media() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db().$executeRawUnsafe(`CREATE TRIGGER test_refuse_media BEFORE INSERT ON dispatch_media
      FOR EACH ROW WHEN (NEW.dispatch_id = '${dispatch.id}') EXECUTE FUNCTION test_refuse_media()`);
    try {
      await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' })).rejects.toThrow(/refused by the test/);
    } finally {
      await db().$executeRawUnsafe('DROP TRIGGER test_refuse_media ON dispatch_media');
      await db().$executeRawUnsafe('DROP FUNCTION test_refuse_media()');
    }
    expect(await rowsOf(dispatch.id)).toEqual([]);
    expect(await filesUnder(media.mediaDir())).toEqual(before);
  });

  it('gives the owning account, and only it, a signed link', async () => {
    const { account, dispatch, scope } = await driverOnADispatch();
    const stored = await storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' });
    const link = new URL(await getMediaLink({ scope: accountScope(account.id), id: stored.id }));
    expect(link.pathname).toBe(`/media/${stored.id}`);
    expect([...link.searchParams.keys()]).toEqual(['expires', 'signature']);
    await expect(getMediaLink({ scope: accountScope('acc_other'), id: stored.id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(readMedia({ scope: accountScope('acc_other'), id: stored.id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(readMedia({ scope: driverScope('drv_other'), id: stored.id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(readMedia({ scope, id: stored.id })).resolves.toMatchObject({ contentType: 'image/jpeg' });
  });
});

describe('media storage on an S3-compatible server (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('puts, gets, links and removes objects over real HTTP', async () => {
    const storage = mediaStorage();
    expect(storage.kind).toBe('s3');
    const key = 'acc_test/med_test-0123456789abcdefghijkl.jpg';
    const bytes = await jpegImage();
    await storage.put(key, bytes, 'image/jpeg');
    expect(await storage.get(key)).toEqual(bytes);

    const link = await storage.signedUrl({ id: 'med_test', accountId: 'acc_test', key, contentType: 'image/jpeg' });
    expect(link.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('600');
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    // The link expires after 10 minutes. (s3rver checks a presigned URL's expiry but not its
    // signature, which is the bucket's own business.)
    const expired = await storage.signedUrl({ id: 'med_test', accountId: 'acc_test', key, contentType: 'image/jpeg' }, new Date(Date.now() - 601_000));
    expect((await fetch(expired)).status).toBe(403);

    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await storage.remove(key); // removing again is not an error
  });

  it('storeMedia records an s3 row, reads it back, and leaves nothing after a refusal', async () => {
    const { account, dispatch, scope } = await driverOnADispatch();
    const stored = await storeMedia({ scope, dispatchId: dispatch.id, kind: 'signature', bytes: await pngImage(), declaredType: 'image/png' });
    const [row] = await rowsOf(dispatch.id);
    expect(row).toMatchObject({ storage: 's3', contentType: 'image/png', kind: 'signature' });
    const read = await readMedia({ scope: platformScope(), id: stored.id });
    expect((await sharp(read.bytes).metadata()).format).toBe('png');
    const link = await getMediaLink({ scope: accountScope(account.id), id: stored.id });
    expect(Buffer.from(await (await fetch(link)).arrayBuffer())).toEqual(read.bytes);

    const objects = await s3.objectFiles();
    expect(objects.some((file) => file.includes(stored.id))).toBe(true);
    await expect(storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await truncatedJpeg(), declaredType: 'image/jpeg' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await s3.objectFiles()).toEqual(objects);
    expect(await rowsOf(dispatch.id)).toHaveLength(1);
  });

  it('still reads media stored on the filesystem before the switch', async () => {
    const { account, dispatch, scope } = await driverOnADispatch();
    const stored = await storeMedia({ scope, dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' });
    await db().dispatchMedia.update({ where: { id: stored.id }, data: { storage: 'fs' } });
    const { key } = (await db().dispatchMedia.findUniqueOrThrow({ where: { id: stored.id } }));
    const bytes = await mediaStorage('s3').get(key);
    await mediaStorage('fs').put(key, bytes!, 'image/jpeg');
    await expect(readMedia({ scope: accountScope(account.id), id: stored.id })).resolves.toMatchObject({ bytes });
    expect(new URL(await getMediaLink({ scope: accountScope(account.id), id: stored.id })).pathname).toBe(`/media/${stored.id}`);
  });
});

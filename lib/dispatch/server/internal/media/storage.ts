import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { getEnv, type Env } from '@/lib/platform/server/env';
import { MEDIA_LINK_TTL_S, signMediaLink } from '@/lib/dispatch/server/internal/media/media-link-signature';
import type { MediaStorageKind } from '@/lib/dispatch/server/media/schemas';

// Where proof-of-delivery images live: files under DATA_DIR/media by default, or an
// S3-compatible bucket when S3_BUCKET is set. A `dispatch_media` row records which (`storage`),
// so media stored before a switch stay readable.
//
// Keys are made by storeMedia from our own ids and random characters, never from user input;
// they are checked against KEY_PATTERN anyway, so no key can leave the media directory.

/** `<account id>/<media id>-<random>.<ext>`: see lib/dispatch/server/media/store-media.ts. */
const KEY_PATTERN = /^[A-Za-z0-9_]{1,64}\/[A-Za-z0-9_-]{1,100}\.(?:jpg|png|webp)$/;

/** The medium a signed link is made for. */
export interface StoredMedia {
  id: string;
  accountId: string;
  key: string;
  contentType: string;
}

export interface MediaStorage {
  kind: MediaStorageKind;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; an absent one is not an error. */
  remove(key: string): Promise<void>;
  /** An expiring link to the bytes (10 minutes) that needs no API key. */
  signedUrl(media: StoredMedia, now?: Date): Promise<string>;
}

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new TypeError(`Not a media storage key: ${JSON.stringify(key)}`);
  return key;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function fileStorage(env: Env): MediaStorage {
  const root = path.resolve(env.DATA_DIR, 'media');
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    kind: 'fs',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside its final name, flushed, then renamed: a reader sees the whole file or none.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async signedUrl(media, now = new Date()) {
      return `${env.PUBLIC_URL}/media/${encodeURIComponent(media.id)}?${signMediaLink({ id: media.id, accountId: media.accountId, secret: media.key, now })}`;
    },
  };
}

let cachedClient: { config: string; client: S3Client } | undefined;

function s3ClientOf(env: Env): S3Client {
  const config = JSON.stringify([env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_FORCE_PATH_STYLE]);
  if (cachedClient?.config !== config) {
    cachedClient?.client.destroy();
    const client = new S3Client({
      region: env.S3_REGION,
      ...(env.S3_ENDPOINT && { endpoint: env.S3_ENDPOINT }),
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      // Unset: the SDK's default chain (environment, instance role, …).
      ...(env.S3_ACCESS_KEY_ID &&
        env.S3_SECRET_ACCESS_KEY && { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }),
      // Checksums only where S3 requires them: the SDK's default (aws-chunked uploads with CRC
      // trailers) is not understood by every S3-compatible server; a plain PUT is.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    cachedClient = { config, client };
  }
  return cachedClient.client;
}

function isNoSuchKey(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));
}

function bucketStorage(env: Env, bucket: string): MediaStorage {
  const client = () => s3ClientOf(env);
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client().send(new PutObjectCommand({ Bucket: bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      try {
        const object = await client().send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client().send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    async signedUrl(media, now = new Date()) {
      const command = new GetObjectCommand({ Bucket: bucket, Key: checkedKey(media.key), ResponseContentType: media.contentType });
      return getSignedUrl(client(), command, { expiresIn: MEDIA_LINK_TTL_S, signingDate: now });
    },
  };
}

/**
 * The media storage: `kind` where a medium was stored (its row's `storage`), or by default where
 * new media go (S3 when S3_BUCKET is set, else the filesystem).
 */
export function mediaStorage(kind?: MediaStorageKind): MediaStorage {
  const env = getEnv();
  const wanted = kind ?? (env.S3_BUCKET ? 's3' : 'fs');
  if (wanted === 'fs') return fileStorage(env);
  if (!env.S3_BUCKET) throw new Error('A medium is stored in S3, but S3_BUCKET is not set');
  return bucketStorage(env, env.S3_BUCKET);
}

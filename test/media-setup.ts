import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { hashPassword } from '@/lib/platform/server/auth/password';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { getEnv, resetEnvForTests } from '@/lib/platform/server/env';
import { newId } from '@/lib/platform/server/ids/new-id';
import { forgetProcessWide } from '@/lib/platform/server/process-wide';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { withEnv as withEnvReread } from '@/test/env';
import { dispatchBody, newAccount, newDriver, uniqueSuffix } from '@/test/fixtures';

// What the media tests share: a driver signed in to the app, a dispatch assigned to them, the
// media directory, and a real S3-compatible server (s3rver) on a free port.

const PIN = '482915';

/**
 * A driver with a sign-in (phone + PIN), signed in: `cookie` is the app's session. The sign-in
 * is written directly until the console's driver sign-in operation exists (issue 20, helper D).
 */
export async function newDriverSession() {
  const driver = await newDriver();
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await db().user.create({
    data: { id: newId('usr'), phone, name: driver.name, role: 'driver', driverId: driver.id, passwordHash: await hashPassword(PIN) },
  });
  const { token } = await signIn({ input: { phone, pin: PIN }, ip: '203.0.113.20' });
  return { driver, cookie: `dispatch_session=${token}` };
}

/** A new account's dispatch, assigned to `driverId` by an admin. */
export async function dispatchAssignedTo(driverId: string) {
  const account = await newAccount();
  const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
  await assignDriver({ id: dispatch.id, scope: platformScope(), actor: { refType: 'admin', refId: `test-${uniqueSuffix()}` }, driverId });
  return { account, dispatch };
}

/**
 * Media on the filesystem go under DATA_DIR/media: the embedded database's test directory
 * already is a fresh one; on PostgreSQL DATA_DIR is pointed at a temporary directory.
 * Call at the top of a test file; returns the media directory.
 */
export async function temporaryMediaDir(): Promise<{ mediaDir: () => string; cleanUp: () => Promise<void> }> {
  let temporary: string | undefined;
  if (process.env.DATABASE_URL) {
    temporary = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-media-'));
    process.env.DATA_DIR = temporary;
    resetEnvForTests();
  }
  return {
    mediaDir: () => path.resolve(getEnv().DATA_DIR, 'media'),
    cleanUp: async () => {
      if (temporary) await fs.rm(temporary, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` (relative paths), none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * Starts s3rver on a free port in a temporary directory, creates a bucket through the S3 API and
 * points the S3_* settings at it; `stop` restores the settings and removes everything.
 */
export async function startS3Server() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `media-${uniqueSuffix()}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  const saved = Object.fromEntries(S3_VARIABLES.map((name) => [name, process.env[name]]));
  Object.assign(process.env, {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  resetEnvForTests();
  return {
    endpoint,
    bucket,
    directory,
    /** The objects s3rver holds in the bucket (its files on disk). */
    objectFiles: () => filesUnder(path.join(directory, bucket)),
    /** Back to filesystem storage, and the server gone. */
    async stop() {
      for (const name of S3_VARIABLES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      resetEnvForTests();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Sets environment variables (the media limits, say) until the returned function restores them.
 * The image queue is made again from the new settings, and again after the restore.
 */
export function withEnv(values: Record<string, string>): () => void {
  return withEnvReread(values, () => forgetProcessWide('media-image-queue'));
}

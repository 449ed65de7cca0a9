import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

/** A whole number from `min` to `max`, `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** An optional setting: unset, or set empty (`NAME=` in an env file), it is undefined. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

/** A quote signing key's id (written into each quote it signs) and its secret's shortest length. */
const QUOTE_KEY_ID = /^[\w.-]{1,32}$/;
const QUOTE_SECRET_MIN_LENGTH = 32;

/** The default number of server processes on PostgreSQL is the number of cores, at most this. */
const MAX_DEFAULT_PROCESSES = 4;

const EnvSchema = z
  .object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(1, 65535, 3000),
  /** Where the embedded database lives (`$DATA_DIR/pglite`) when DATABASE_URL is unset. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** PostgreSQL connection string; when set, the embedded database is not used. */
  DATABASE_URL: unsetIfEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
  DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
  /** The hottest statements (create, get, lists) run as named prepared statements; `false` behind a pooler that cannot keep them (PgBouncer < 1.21 in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: booleanFlag(true),
  /** Bearer token of the operator API; the ops API answers 403 while it is unset. */
  OPS_TOKEN: unsetIfEmpty(z.string().min(16, 'must be at least 16 characters')),
  /** Allow webhook URLs that resolve to loopback, private or link-local addresses. */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag(false),
  /** Server processes sharing the port (PostgreSQL only: the embedded database has one owner). Default below. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Seed a demo account on an empty embedded database at start. */
  SEED_DEMO: booleanFlag(true),
  /** Run the webhook delivery worker inside the server process (`npm run worker` runs it alone). */
  WEBHOOK_WORKER: booleanFlag(true),
  /** POSTs one worker process has in flight at once (it holds up to twice as many leased until their attempts are recorded). A lease → POST → record cycle is mostly waiting, so the slots set a worker's throughput (docs/benchmarks.md, "Webhook delivery"). */
  WEBHOOK_WORKER_CONCURRENCY: wholeNumber(1, 1000, 128),
  /** How long a receiver has to answer one delivery attempt. */
  WEBHOOK_TIMEOUT_MS: wholeNumber(100, 60_000, 10_000),
  /** Delay before the first retry; each further retry waits twice as long (with ±10 % jitter). */
  WEBHOOK_RETRY_BASE_MS: wholeNumber(1, 3_600_000, 10_000),
  /** Attempts per delivery before it is marked failed (15 ≈ two days at the default base). */
  WEBHOOK_MAX_ATTEMPTS: wholeNumber(1, 50, 15),
  /** An endpoint with no successful delivery for this long while attempts fail is disabled. */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce.number().int().min(1).default(86_400_000),
  /** How long a worker owns a leased delivery; a crashed worker's leases expire after it. */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(100).optional(),
  /** After a secret rotation, deliveries are also signed with the old secret for this long. */
  WEBHOOK_SECRET_OVERLAP_MS: z.coerce.number().int().min(0).default(86_400_000),
  /** Longest a worker waits between looks for due deliveries (new ones wake it at once). */
  WEBHOOK_POLL_MS: wholeNumber(10, 60_000, 1_000),
  /** Map tiles of the dashboard (`{z}/{x}/{y}` template); empty: maps draw without tiles. */
  MAP_TILE_URL: z.string().max(500).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
  /** Finished webhook deliveries (and their attempts) are kept this many days, then deleted. */
  WEBHOOK_RETENTION_DAYS: wholeNumber(1, 3650, 30),
  /** Drivers' trails (every position on a job) are kept this many days, then dropped a whole day at a time. */
  POSITION_RETENTION_DAYS: wholeNumber(1, 3650, 90),
  /** This service's address as customers reach it: tracking links are `$PUBLIC_URL/t/{token}`. Default http://localhost:$PORT. */
  PUBLIC_URL: unsetIfEmpty(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** A driver within this many metres of the pickup (destination) records near_pickup (near_destination). */
  GEOFENCE_RADIUS_M: wholeNumber(10, 5_000, 200),
  /** A position that moves a dispatch's ETA by more than this many minutes announces dispatch.eta_updated. */
  ETA_UPDATE_THRESHOLD_MIN: z.coerce.number().min(0).max(120).default(2),
  /** The dispatch engine plans only drivers whose last position is at most this old. */
  AUTO_ASSIGN_MAX_POSITION_AGE_MIN: wholeNumber(1, 1_440, 15),
  /** Run the sandbox simulator inside the server process (`npm run worker` runs it too). */
  SANDBOX_SIMULATOR: booleanFlag(true),
  /** How often the simulator moves its drivers. */
  SANDBOX_TICK_MS: wholeNumber(50, 60_000, 1_000),
  /** A sandbox kitchen's preparation time: its food is ready this long after the order unless "Ready now" comes first. */
  SANDBOX_PREP_S: wholeNumber(0, 3_600, 90),
  /**
   * Reverse proxies in front of `npm start` that append the client's address to X-Forwarded-For.
   * 0: the socket's peer is the client and X-Forwarded-For is ignored; N: the Nth entry from its
   * right (see lib/platform/server/auth/client-address.ts). Used for the sign-in throttle's per-address limit.
   */
  TRUSTED_PROXY_COUNT: wholeNumber(0, 10, 0),
  /** Each account's API requests (/ext) per second, refilling its token bucket; 0: no limit. Admins override it per account. */
  API_RATE_LIMIT_PER_S: wholeNumber(0, 1_000_000, 20),
  /** The bucket's size: requests an account may send at once after a quiet spell; 0: no limit. */
  API_RATE_LIMIT_BURST: wholeNumber(0, 1_000_000, 40),
  /**
   * Failed driver PIN sign-ins from devices that never signed in as that driver, across all
   * phones, per 15 minutes; past it such sign-ins are refused (429) until it drains, and the
   * console shows an alert (SECURITY.md has the arithmetic). Known devices are not limited by it.
   */
  DRIVER_PIN_FAILURE_BUDGET: wholeNumber(1, 100_000, 40),
  /** How long a driver has to accept an offer (a trip) before its dispatches go back to the next round. */
  DRIVER_OFFER_TIMEOUT_S: wholeNumber(5, 600, 45),
  /**
   * Seconds between the live dispatch engine's rounds (lib/engine/server); a new dispatch, a
   * driver who became free or an offer that closed brings the next round forward.
   */
  DISPATCH_ROUND_S: wholeNumber(15, 60, 20),
  /**
   * An OSRM-compatible table service (`…/table/v1/driving`): the engine asks it one table per round
   * for the round's places; unset, or when it fails or is late, travel is straight-line distance at
   * the estimator's speed.
   */
  ROUTING_TABLE_URL: unsetIfEmpty(z.url()),
  /** How long a round waits for the routing table before it plans with straight lines. */
  ROUTING_TIMEOUT_MS: wholeNumber(50, 30_000, 2_000),
  /**
   * A geocoding service for the dashboard's address search (docs/geocoding.md): its base URL,
   * e.g. `http://nominatim.internal:8080` or `https://photon.komoot.io`; query parameters in it (a
   * hosted API's `?key=…`) are sent with every request. Unset: the search finds
   * only the account's own addresses (its branches and the destinations it delivered to).
   */
  GEOCODER_URL: unsetIfEmpty(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** Which API GEOCODER_URL speaks: Nominatim's (`/search`, `/reverse`, jsonv2) or Photon's (`/api`, `/reverse`). */
  GEOCODER_API: z.enum(['nominatim', 'photon']).default('nominatim'),
  /** How long a search waits for the service before it answers with the address book alone. */
  GEOCODER_TIMEOUT_MS: wholeNumber(100, 30_000, 2_000),
  /**
   * The shortest time between two requests to the service from one server process; a search sooner
   * answers from the address book alone. Public Nominatim allows one request a second: 1000.
   */
  GEOCODER_MIN_INTERVAL_MS: wholeNumber(0, 60_000, 0),
  /** The User-Agent sent to the service (Nominatim's policy asks for one naming the application). Default below. */
  GEOCODER_USER_AGENT: unsetIfEmpty(z.string().max(300)),
  /** The largest photo or signature a driver may upload (bytes, after the app's downscaling). */
  MEDIA_MAX_BYTES: wholeNumber(1_000, 50_000_000, 5_000_000),
  /**
   * Uploaded images one server process decodes at once (lib/dispatch/server/internal/media/image-queue.ts). Each holds a
   * thread of libuv's pool (UV_THREADPOOL_SIZE, 4 by default) for its whole decode, the pool
   * password hashing and file reads wait in: at most half of it (refined below).
   */
  MEDIA_IMAGE_CONCURRENCY: wholeNumber(1, 64, 1),
  /** libvips threads one image may use (`sharp.concurrency`): one, so one upload takes at most one core. */
  MEDIA_IMAGE_THREADS: wholeNumber(1, 64, 1),
  /** Uploads that may wait for the decoder in one process; the next one is 503 with Retry-After. */
  MEDIA_IMAGE_QUEUE: wholeNumber(0, 1_000, 8),
  /** Uploads one driver may attempt per 15 minutes, every dispatch together (429 above it); 0: no limit. */
  MEDIA_UPLOADS_PER_DRIVER: wholeNumber(0, 100_000, 40),
  /** Media one dispatch may keep, photos, signatures and failure photos together (409 above it). */
  MEDIA_PER_DISPATCH: wholeNumber(1, 10_000, 10),
  /** libuv's thread pool as Node reads it (only to check MEDIA_IMAGE_CONCURRENCY against it). */
  UV_THREADPOOL_SIZE: wholeNumber(1, 1_024, 4),
  /** Proof-of-delivery media go to this S3-compatible bucket when set; under DATA_DIR/media otherwise. */
  S3_BUCKET: unsetIfEmpty(z.string().max(255)),
  /** The S3-compatible endpoint (MinIO, R2, …); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: unsetIfEmpty(z.url()),
  S3_REGION: z.string().max(50).default('us-east-1'),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string().max(200)),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string().max(200)),
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: booleanFlag(true),
  /**
   * Keys that sign locked quotes (lib/pricing/server/internal/quotes/quote-token.ts): comma-separated `kid:secret` pairs.
   * The first signs, every one verifies: to rotate, put the new key first and drop the old one
   * once its quotes have expired (10 minutes). Unset: one key the server generates and keeps in
   * the database (lib/pricing/server/internal/quotes/quote-keys.ts), which every process on it shares.
   */
  QUOTE_SIGNING_KEYS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const keys = value.split(',').map((pair) => {
        const at = pair.indexOf(':');
        return { kid: pair.slice(0, at).trim(), secret: at < 0 ? '' : pair.slice(at + 1).trim() };
      });
      const bad = keys.find(({ kid, secret }) => !QUOTE_KEY_ID.test(kid) || secret.length < QUOTE_SECRET_MIN_LENGTH);
      if (bad) {
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated kid:secret pairs, each kid 1–32 of A–Z a–z 0–9 _ . - and each secret at least ${QUOTE_SECRET_MIN_LENGTH} characters`,
        });
        return z.NEVER;
      }
      if (new Set(keys.map(({ kid }) => kid)).size < keys.length) {
        ctx.addIssue({ code: 'custom', message: 'names a key id twice' });
        return z.NEVER;
      }
      return keys;
    }),
  })
  .transform((env) => ({
    ...env,
    WEBHOOK_LEASE_MS: env.WEBHOOK_LEASE_MS ?? env.WEBHOOK_TIMEOUT_MS + 30_000,
    // A Next.js server is one JavaScript thread: on PostgreSQL, one process per core (bench/:
    // get and the driver listing +50–60 % with two on 2 cores), at most four by default so that
    // processes × DATABASE_POOL_SIZE stays inside PostgreSQL's default 100 connections.
    WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? (env.DATABASE_URL ? Math.min(os.availableParallelism(), MAX_DEFAULT_PROCESSES) : 1),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    GEOCODER_USER_AGENT: env.GEOCODER_USER_AGENT ?? `Dispatch/1.0 (+${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')})`,
  }))
  .refine((env) => env.WEBHOOK_LEASE_MS > env.WEBHOOK_TIMEOUT_MS, {
    path: ['WEBHOOK_LEASE_MS'],
    message: 'must be longer than WEBHOOK_TIMEOUT_MS (a lease must outlive the attempt it covers)',
  })
  .refine((env) => env.MEDIA_IMAGE_CONCURRENCY * 2 <= env.UV_THREADPOOL_SIZE, {
    path: ['MEDIA_IMAGE_CONCURRENCY'],
    // Four decodes at once held all four threads: sign-ins (Argon2) waited seconds behind them.
    message: 'must be at most half of UV_THREADPOOL_SIZE (default 4): the rest of libuv’s pool is for password hashing and files',
  })
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.DATABASE_URL, {
    path: ['WEB_CONCURRENCY'],
    message: 'more than one server process needs DATABASE_URL (the embedded database belongs to one process)',
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export class EnvError extends Error {}

/** Parses the environment once; throws an EnvError naming every bad variable. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between databases; production parses it once. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export function pgliteDataDir(env: Env = getEnv()): string {
  return path.resolve(env.DATA_DIR, 'pglite');
}

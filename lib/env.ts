import path from 'node:path';
import { z } from 'zod';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

const EnvSchema = z
  .object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the embedded database lives (`$DATA_DIR/pglite`) when DATABASE_URL is unset. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** PostgreSQL connection string; when set, the embedded database is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Bearer token of the operator API; the ops API answers 403 while it is unset. */
  OPS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Allow webhook URLs that resolve to loopback, private or link-local addresses. */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag(false),
  /** Server processes sharing the port (PostgreSQL only: the embedded database has one owner). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Seed a demo account on an empty embedded database at start. */
  SEED_DEMO: booleanFlag(true),
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

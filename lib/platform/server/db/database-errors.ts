import pg from 'pg';
import { Prisma } from '@/prisma/generated/client';

interface AdapterErrorMeta {
  target?: unknown;
  driverAdapterError?: { cause?: { kind?: string; constraint?: { fields?: unknown; index?: unknown } } };
}

/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The columns (or the index name) of the unique constraint a write violated, or null for any
 * other error. With driver adapters Prisma reports them in `meta.driverAdapterError` — as P2002
 * for model queries and as P2010 for raw statements — not in `meta.target`; statements run on
 * the pool itself (`queryRows`) fail with `pg`'s error, which names the constraint.
 */
export function uniqueViolationFields(error: unknown): string[] | null {
  if (error instanceof pg.DatabaseError) {
    if (error.code !== UNIQUE_VIOLATION) return null;
    return error.constraint ? [error.constraint] : [];
  }
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const meta = error.meta as AdapterErrorMeta | undefined;
  const cause = meta?.driverAdapterError?.cause;
  if (cause?.kind === 'UniqueConstraintViolation') {
    if (Array.isArray(cause.constraint?.fields)) return cause.constraint.fields.map(String);
    if (typeof cause.constraint?.index === 'string') return [cause.constraint.index];
    return [];
  }
  if (error.code !== 'P2002') return null;
  if (Array.isArray(meta?.target)) return meta.target.map(String);
  return typeof meta?.target === 'string' ? [meta.target] : [];
}

/**
 * A unique violation of one of `fields` as the domain error `toError()` gives, else the error
 * itself: the one way domain code turns a duplicate into its own error.
 */
export function duplicateAs(error: unknown, field: string, toError: () => Error): unknown {
  return uniqueViolationFields(error)?.some((name) => name.includes(field)) ? toError() : error;
}

/** Adapter error kinds that mean "no connection to the database right now". */
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** SQLSTATE classes and codes of a server that is shutting down, starting or gone. */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether `error` says PostgreSQL cannot be reached at the moment (a restart, a failover, a full
 * connection table) rather than that the statement failed: such a request may simply be retried.
 * Covers `pg`'s own errors (statements on the pool), socket errors and Prisma's adapter errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const value = current as { code?: unknown; message?: unknown; meta?: AdapterErrorMeta & { driverAdapterError?: { cause?: { originalCode?: unknown } } }; cause?: unknown };
    if (typeof value.code === 'string' && (SOCKET_CODES.has(value.code) || UNAVAILABLE_SQLSTATE.test(value.code))) return true;
    if (typeof value.message === 'string' && /Connection terminated|connection timeout|terminating connection/i.test(value.message)) return true;
    const cause = value.meta?.driverAdapterError?.cause;
    if (cause?.kind && UNREACHABLE_KINDS.has(cause.kind)) return true;
    if (typeof cause?.originalCode === 'string' && UNAVAILABLE_SQLSTATE.test(cause.originalCode)) return true;
    current = value.cause;
  }
  return false;
}

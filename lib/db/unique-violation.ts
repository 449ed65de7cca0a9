import pg from 'pg';
import { Prisma } from '@/lib/generated/prisma/client';

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

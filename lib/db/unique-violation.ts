import { Prisma } from '@/lib/generated/prisma/client';

/**
 * The columns of the unique constraint a write violated, or null for any other error.
 * With driver adapters Prisma reports them in `meta.driverAdapterError`, not `meta.target`.
 */
export function uniqueViolationFields(error: unknown): string[] | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return null;
  const meta = error.meta as
    | { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: unknown; index?: unknown } } } }
    | undefined;
  const constraint = meta?.driverAdapterError?.cause?.constraint;
  if (Array.isArray(constraint?.fields)) return constraint.fields.map(String);
  if (typeof constraint?.index === 'string') return [constraint.index];
  if (Array.isArray(meta?.target)) return meta.target.map(String);
  if (typeof meta?.target === 'string') return [meta.target];
  return [];
}

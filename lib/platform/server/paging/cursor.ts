import { DomainError } from '@/lib/platform/server/errors/domain-error';

// Keyset paging over (created_at DESC, id DESC): rows inserted while a client pages are newer
// than its cursor, so no row is skipped or repeated. The cursor is opaque to clients.

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}.${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  const decoded = Buffer.from(value, 'base64url').toString('utf8');
  const match = decoded.match(/^(\d{1,15})\.([\w-]{1,100})$/);
  if (!match?.[1] || !match[2]) throw new DomainError('invalid_request', 'cursor: is not a cursor this API returned');
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

/** The Prisma `where` fragment selecting rows after `cursor` in newest-first order. */
export function afterCursor(cursor: Cursor | undefined) {
  if (!cursor) return {};
  return {
    createdAt: { lte: cursor.createdAt },
    OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }],
  };
}

/** A page as the lists answer it: its rows, and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * The page in `rows`, read newest first with one row more than `limit`: that extra row only
 * tells that another page follows, which starts after the page's last row.
 */
export function pageOf<R extends Cursor, T>(rows: readonly R[], limit: number, view: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => view(row)),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

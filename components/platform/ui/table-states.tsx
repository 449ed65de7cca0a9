import type { ReactNode } from 'react';

/** Placeholder rows of a table still loading: the table keeps its shape, nothing jumps later. */
export function SkeletonRows({ rows, columns, cellClassName }: { rows: number; columns: number; cellClassName?: string }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden="true">
      {Array.from({ length: columns }, (_, cell) => (
        <td key={cell}>
          <span className={['skeleton', cellClassName].filter(Boolean).join(' ')} />
        </td>
      ))}
    </tr>
  ));
}

/** The one row of a table with nothing to show. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="empty-state">
        {children}
      </td>
    </tr>
  );
}

/**
 * A query's rows before its data: skeleton rows while it loads, the empty row when it found
 * nothing, else nothing (the caller maps the data after it).
 */
export function PendingOrEmptyRows({
  isPending,
  isEmpty,
  rows,
  columns,
  cellClassName,
  empty,
}: {
  isPending: boolean;
  isEmpty: boolean;
  rows: number;
  columns: number;
  cellClassName?: string;
  empty: ReactNode;
}) {
  if (isPending) return <SkeletonRows rows={rows} columns={columns} cellClassName={cellClassName} />;
  if (isEmpty) return <EmptyRow columns={columns}>{empty}</EmptyRow>;
  return null;
}

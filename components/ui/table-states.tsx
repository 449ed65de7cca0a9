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

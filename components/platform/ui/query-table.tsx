import { isValidElement, type ReactNode } from 'react';
import { QueryError, type QueryErrorText } from './query-error';
import { PendingOrEmptyRows } from './table-states';
import styles from './ui.module.css';

/** What a table needs of its TanStack query: its state, its error and a way to retry. */
export interface TableQuery {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A column heading with a class of its own (a numeric column aligns its heading with its figures). */
export interface StyledHeading {
  heading: ReactNode;
  className: string | undefined;
}

/** A table column's heading: its text, or the text with a class. */
export type TableColumn = ReactNode | StyledHeading;

function isStyledHeading(column: TableColumn): column is StyledHeading {
  return typeof column === 'object' && column !== null && !isValidElement(column) && 'heading' in column;
}

/** A table's column headings; `actionsLabel` adds a last one named for screen readers only (a column of buttons). */
export function TableHead({ columns, actionsLabel }: { columns: TableColumn[]; actionsLabel?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { heading, className } = isStyledHeading(column) ? column : { heading: column, className: undefined };
          return (
            <th key={index} scope="col" className={className}>
              {heading}
            </th>
          );
        })}
        {actionsLabel ? (
          <th scope="col">
            <span className="sr-only">{actionsLabel}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/**
 * A query's table: its failure with a retry above it, the column headings (`actionsLabel` adds a
 * last column named for screen readers only), skeleton rows while it loads and the `empty` row
 * when it found nothing (`rowCount` 0); `children` are the rows.
 */
export function QueryTable({
  query,
  rowCount,
  columns,
  actionsLabel,
  empty,
  common,
  skeletonRows = 2,
  testId,
  isBusy,
  cards,
  children,
}: {
  query: TableQuery;
  rowCount: number | undefined;
  columns: TableColumn[];
  actionsLabel?: string;
  empty: ReactNode;
  common: QueryErrorText;
  skeletonRows?: number;
  testId?: string;
  isBusy?: boolean;
  /** On a phone, each row a card of label: value lines (each cell's data-label); a table on a wider screen. */
  cards?: boolean;
  children: ReactNode;
}) {
  const columnCount = columns.length + (actionsLabel ? 1 : 0);
  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={() => query.refetch()} common={common} /> : null}
      <div className="table-wrap">
        <table className={cards ? 'table table--cards' : 'table'} data-testid={testId} aria-busy={isBusy}>
          <TableHead columns={columns} actionsLabel={actionsLabel} />
          <tbody>
            <PendingOrEmptyRows
              isPending={query.isPending}
              isEmpty={query.isSuccess && rowCount === 0}
              rows={skeletonRows}
              columns={columnCount}
              cellClassName={styles.skeletonText}
              empty={empty}
            />
            {children}
          </tbody>
        </table>
      </div>
    </>
  );
}

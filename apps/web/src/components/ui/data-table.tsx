import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Table, TBody, Td, THead, Th, Tr } from './table';

/** One column: its header text and what each row shows under it. */
export type Column<T> = {
  header: string;
  cell(row: T): ReactNode;
  /** Classes of the column's cells. */
  className?: string;
  /** Classes of the column's header. */
  headerClassName?: string;
};

type DataTableProps<T> = {
  rows: readonly T[];
  rowKey(row: T): string | number;
  /** A column given as false or null (an Actions column for a non-admin) is left out. */
  columns: readonly (Column<T> | false | null)[];
  /** More attributes for a row's <tr>: a test id, a click handler. */
  rowProps?(row: T): ComponentProps<'tr'> & { 'data-testid'?: string };
};

/** A table with a header row and one row per item, in the order given. */
export function DataTable<T>({ rows, rowKey, columns, rowProps }: DataTableProps<T>) {
  const shown = columns.filter((c): c is Column<T> => Boolean(c));
  return (
    <Table>
      <THead>
        <tr>
          {shown.map((c) => (
            <Th key={c.header} className={c.headerClassName}>
              {c.header}
            </Th>
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((c) => (
              <Td key={c.header} className={c.className}>
                {c.cell(row)}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * A list page's rows: the page's own card per row on phones (below md), a DataTable from md up.
 */
export function CardsOrTable<T>({
  label,
  card,
  listClassName = 'space-y-3',
  ...table
}: DataTableProps<T> & {
  /** The phone list's accessible name. */
  label: string;
  card(row: T): ReactNode;
  /** Spacing of the phone list. */
  listClassName?: string;
}) {
  return (
    <>
      <ul className={cn(listClassName, 'md:hidden')} aria-label={label}>
        {table.rows.map((row) => (
          <li key={table.rowKey(row)}>{card(row)}</li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable {...table} />
      </div>
    </>
  );
}

import {
  type AnalysisTable,
  alignOf,
  formatAnalysisCell,
} from '@shule/shared/results/analysis-tables';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { downloadCsv } from '../../lib/csv';
import { analysisTableCsv } from './analysis-csv';

/** Rows shown before "Show all": a level's value-added list has a row per student. */
const FIRST_ROWS = 20;

/**
 * One table of the analysis with its CSV download. The first column stays in view while the
 * grade counts scroll sideways on a phone; a zero count is a faint dot so the counts that matter
 * stand out.
 */
export function AnalysisTableCard({ table, fileName }: { table: AnalysisTable; fileName: string }) {
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? table.rows : table.rows.slice(0, FIRST_ROWS);
  const headingId = `analysis-${table.key}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {table.title}
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={table.rows.length === 0}
          onClick={() => downloadCsv(`${fileName}-${table.key}.csv`, analysisTableCsv(table))}
        >
          <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
          CSV
          <span className="sr-only">of {table.title}</span>
        </Button>
      </div>
      {table.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {table.empty}
        </p>
      ) : (
        // The table's region takes focus, so a keyboard can scroll what does not fit sideways.
        <section
          aria-labelledby={headingId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
          tabIndex={0}
          className="overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table
            className="w-max min-w-full border-separate border-spacing-0 text-[13px] tabular-nums"
            data-testid={`analysis-table-${table.key}`}
          >
            <thead>
              <tr>
                {table.columns.map((column, i) => (
                  <th
                    key={column.head}
                    scope="col"
                    className={cn(
                      'whitespace-nowrap border-b bg-muted px-2 py-2 text-xs font-medium text-muted-foreground',
                      alignOf(column.kind) === 'right' ? 'text-right' : 'text-left',
                      i === 0 && 'sticky left-0 z-10 border-r',
                    )}
                  >
                    <abbr title={column.title} className="no-underline">
                      {column.head}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.cells.join('|')} className="group">
                  {table.columns.map((column, i) => {
                    const text = formatAnalysisCell(column.kind, row.cells[i] ?? null);
                    const zero = column.kind === 'count' && text === '0';
                    return (
                      <td
                        key={column.head}
                        className={cn(
                          'whitespace-nowrap border-b bg-background px-2 py-1.5 group-hover:bg-muted',
                          alignOf(column.kind) === 'right' ? 'text-right' : 'text-left',
                          i === 0 && 'sticky left-0 border-r font-medium',
                          row.total && 'bg-muted font-semibold',
                          (column.head === 'GR' || column.head === 'DEV') && 'font-semibold',
                          zero && 'text-muted-foreground/60',
                        )}
                      >
                        {zero ? '·' : text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {table.rows.length > FIRST_ROWS ? (
        <Button variant="ghost" size="sm" onClick={() => setShowAll((v) => !v)}>
          {showAll ? `Show the first ${FIRST_ROWS}` : `Show all ${table.rows.length} rows`}
        </Button>
      ) : null}
    </div>
  );
}

import type { AnalysisTable } from '@shule/shared/results/analysis-tables';
import { toCsv } from '../../lib/csv';

/** One table of the analysis as CSV: its heads, and numbers as numbers (a deviation of -1.66). */
export const analysisTableCsv = (table: AnalysisTable) =>
  toCsv(
    table.columns.map((c) => c.head),
    table.rows.map((row) => row.cells),
  );

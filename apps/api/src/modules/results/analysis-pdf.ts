import type { ExamAnalysis } from '@shule/shared/results/analysis';
import {
  type AnalysisTable,
  alignOf,
  analysisTables,
  analysisTitle,
  formatAnalysisCell,
} from '@shule/shared/results/analysis-tables';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';
import { codeKeyText } from '../../pdf/blocks';
import { drawSchoolHeader } from '../../pdf/header';
import { FONTS, LIST_MARGINS, type PrintOptions, Printout } from '../../pdf/page';
import { drawTable, fitColumns } from '../../pdf/table';

const MAX_FONT_SIZE = 8;
const PADDING_EM = 0.4;
/** A text cell wider than this (in ems) is cut with an ellipsis. */
const TEXT_MAX_EM = 22;
const TOTAL_FILL = '#e4e9ee';
const FOOTER = 'Exam analysis for staff use';

/**
 * The whole analysis as portrait A4 pages for the staff meeting: the school's header, then each
 * table of the screen (analysisTables) with its title, its column heads repeated when a table
 * runs onto the next page, page numbers and the date printed.
 */
export function renderAnalysisPdf(
  analysis: ExamAnalysis,
  school: School,
  options: PrintOptions = {},
): Promise<Buffer> {
  const printout = new Printout({
    margins: LIST_MARGINS,
    school,
    title: analysisTitle(analysis),
    crest: options.crest,
  });
  drawSchoolHeader(printout, { notes: headerNotes(analysis) });
  for (const table of analysisTables(analysis)) drawAnalysisTable(printout, table);
  return printout.finish(FOOTER, options.printedOn);
}

function drawAnalysisTable(printout: Printout, table: AnalysisTable) {
  const texts = table.rows.map((row) =>
    table.columns.map((column, i) => formatAnalysisCell(column.kind, row.cells[i]!)),
  );
  const { widths, fontSize } = fitColumns(
    printout.doc,
    table.columns.map((column) => ({
      head: column.head,
      maxEm: column.kind === 'text' ? TEXT_MAX_EM : undefined,
      // The spare width goes to the text columns (names, subjects), so the counts stay compact.
      grows: column.kind === 'text',
      shrinks: column.kind === 'text',
    })),
    texts,
    {
      width: printout.width,
      maxSize: MAX_FONT_SIZE,
      paddingEm: PADDING_EM,
    },
  );
  printout.y += 6;
  drawTable(
    printout,
    table.columns.map((column, i) => ({
      head: column.head,
      width: widths[i]!,
      align: alignOf(column.kind),
      font: column.head === 'GR' || column.head === 'DEV' ? FONTS.bold : undefined,
    })),
    table.rows.map((row, r) => ({
      // A zero count prints as a dot, so the counts that matter stand out.
      cells: texts[r]!.map((text, i) =>
        table.columns[i]!.kind === 'count' && text === '0' ? '·' : text,
      ),
      font: row.total ? FONTS.bold : undefined,
      fill: row.total ? TOTAL_FILL : undefined,
    })),
    {
      fontSize,
      paddingEm: PADDING_EM,
      title: table.title.toUpperCase(),
      empty: table.empty,
      keepRows: 2,
    },
  );
}

/** Under the title: the scheme, what DEV compares with, and what X and Y mean. */
function headerNotes(analysis: ExamAnalysis): string[] {
  const measure = analysis.measure === 'mean_points' ? 'mean points' : 'mean mark';
  return [
    [
      `Grading: ${GRADING_SCHEME_LABELS[analysis.exam.grading_scheme]}`,
      analysis.previous_exam
        ? `DEV: change in ${measure} since ${analysis.previous_exam.name}`
        : 'No previous exam to compare with',
    ].join('  ·  '),
    `${codeKeyText([
      ['X:', 'absent or a required subject missing'],
      ['Y:', 'withheld for an irregularity'],
    ])}. Neither is counted in a mean.`,
  ];
}

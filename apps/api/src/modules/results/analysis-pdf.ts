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
import {
  a4Document,
  BOLD,
  type Doc,
  drawCell,
  drawFooters,
  drawRunningHeader,
  drawSchoolHeader,
  HEAD_FILL,
  type ListPdfOptions,
  REGULAR,
  RULE,
  ZEBRA,
} from '../../pdf/old-page';

const MARGIN = { top: 28, bottom: 34, left: 28, right: 28 };
const MAX_FONT_SIZE = 8;
const MIN_FONT_SIZE = 5;
const PADDING_EM = 0.4;
/** A text cell wider than this (in ems) is cut with an ellipsis. */
const TEXT_MAX_EM = 22;
const ROW_HEIGHT_EM = 1.7;
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
  options: ListPdfOptions = {},
): Promise<Buffer> {
  const title = analysisTitle(analysis);
  const { doc, done } = a4Document({ margins: MARGIN, school, title });

  let y = drawSchoolHeader(
    doc,
    MARGIN,
    school,
    title,
    options.crest ?? null,
    headerNotes(analysis),
  );
  const bottom = doc.page.height - MARGIN.bottom;
  for (const table of analysisTables(analysis)) {
    const layout = layoutTable(doc, table);
    const titleHeight = 14;
    // A title keeps its heads and at least two rows with it.
    if (y + titleHeight + layout.rowHeight * 3.2 > bottom) {
      doc.addPage();
      y = drawRunningHeader(doc, MARGIN, school, title);
    }
    y = drawTableTitle(doc, table.title, y + 6);
    if (table.rows.length === 0) {
      doc.font('Helvetica-Oblique').fontSize(8).fillColor('#333333');
      doc.text(table.empty, MARGIN.left, y + 2, { lineBreak: false });
      y += 14;
      continue;
    }
    y = drawHeads(doc, layout, y);
    table.rows.forEach((row, index) => {
      if (y + layout.rowHeight > bottom) {
        doc.addPage();
        y = drawRunningHeader(doc, MARGIN, school, title);
        y = drawTableTitle(doc, `${table.title} (continued)`, y);
        y = drawHeads(doc, layout, y);
      }
      y = drawRow(doc, layout, row, y, index % 2 === 1);
    });
  }

  drawFooters(doc, MARGIN, FOOTER, options.printedOn ?? new Date());
  doc.end();
  return done;
}

interface Layout {
  table: AnalysisTable;
  widths: number[];
  fontSize: number;
  rowHeight: number;
}

/**
 * Widths from the widest cell of each column at 1 pt, then the largest font that fits the page;
 * spare width goes to the text columns (names, subjects), so the counts stay compact.
 */
function layoutTable(doc: Doc, table: AnalysisTable): Layout {
  const available = doc.page.width - MARGIN.left - MARGIN.right;
  const natural = table.columns.map((column, i) => {
    doc.font(BOLD).fontSize(1);
    let widest = doc.widthOfString(column.head);
    doc.font(REGULAR);
    for (const row of table.rows) {
      widest = Math.max(widest, doc.widthOfString(formatAnalysisCell(column.kind, row.cells[i]!)));
    }
    if (column.kind === 'text') widest = Math.min(widest, TEXT_MAX_EM);
    return widest + 2 * PADDING_EM + 0.05;
  });
  const totalEm = natural.reduce((sum, w) => sum + w, 0);
  const fontSize = Math.max(
    MIN_FONT_SIZE,
    Math.min(MAX_FONT_SIZE, Math.floor((available / totalEm) * 4) / 4),
  );
  const widths = natural.map((w) => w * fontSize);
  const spare = available - widths.reduce((sum, w) => sum + w, 0);
  const textColumns = table.columns.flatMap((c, i) => (c.kind === 'text' ? [i] : []));
  if (spare < 0) {
    // Even the smallest text is too wide: the text columns give up what is missing.
    for (const i of textColumns) {
      widths[i] = Math.max(4 * fontSize, widths[i]! + spare / textColumns.length);
    }
  } else if (fontSize < MAX_FONT_SIZE) {
    // The table fills the page: its text columns share what is left.
    for (const i of textColumns) widths[i]! += spare / Math.max(1, textColumns.length);
  }
  return { table, widths, fontSize, rowHeight: fontSize * ROW_HEIGHT_EM };
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
    'X: absent or a required subject missing; Y: withheld for an irregularity. Neither is counted in a mean.',
  ];
}

function drawTableTitle(doc: Doc, title: string, y: number): number {
  doc.font(BOLD).fontSize(9.5).fillColor('black');
  doc.text(title.toUpperCase(), MARGIN.left, y, { lineBreak: false });
  return y + 9.5 * 1.5;
}

function drawHeads(doc: Doc, layout: Layout, y: number): number {
  const height = layout.rowHeight * 1.15;
  const tableWidth = layout.widths.reduce((sum, w) => sum + w, 0);
  doc.rect(MARGIN.left, y, tableWidth, height).fill(HEAD_FILL);
  doc.font(BOLD).fontSize(layout.fontSize).fillColor('black');
  let x = MARGIN.left;
  layout.table.columns.forEach((column, i) => {
    drawCell(
      doc,
      column.head,
      { x, y, width: layout.widths[i]!, height },
      alignOf(column.kind),
      layout.fontSize,
      PADDING_EM,
    );
    x += layout.widths[i]!;
  });
  doc
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + tableWidth, y + height)
    .lineWidth(0.6)
    .stroke(RULE);
  return y + height;
}

function drawRow(
  doc: Doc,
  layout: Layout,
  row: AnalysisTable['rows'][number],
  y: number,
  shaded: boolean,
): number {
  const tableWidth = layout.widths.reduce((sum, w) => sum + w, 0);
  if (row.total) doc.rect(MARGIN.left, y, tableWidth, layout.rowHeight).fill(TOTAL_FILL);
  else if (shaded) doc.rect(MARGIN.left, y, tableWidth, layout.rowHeight).fill(ZEBRA);
  doc.fillColor('black');
  let x = MARGIN.left;
  layout.table.columns.forEach((column, i) => {
    const width = layout.widths[i]!;
    const bold = row.total || column.head === 'GR' || column.head === 'DEV';
    doc.font(bold ? BOLD : REGULAR).fontSize(layout.fontSize);
    const text = formatAnalysisCell(column.kind, row.cells[i]!);
    // A zero count prints as a dot, so the counts that matter stand out.
    const shown = column.kind === 'count' && text === '0' ? '·' : text;
    drawCell(
      doc,
      shown,
      { x, y, width, height: layout.rowHeight },
      alignOf(column.kind),
      layout.fontSize,
      PADDING_EM,
    );
    x += width;
  });
  return y + layout.rowHeight;
}

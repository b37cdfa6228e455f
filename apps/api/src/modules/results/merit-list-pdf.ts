import {
  MERIT_LIST_FOOTER,
  type MeritList,
  type MeritListRow,
} from '@shule/shared/results/merit-list';
import {
  type MeritListColumn,
  meritListColumns,
  meritListTitle,
} from '@shule/shared/results/merit-list-columns';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';
import {
  a4Document,
  BOLD,
  type Doc,
  drawCell as drawBoxCell,
  drawFooters,
  drawRunningHeader,
  drawSchoolHeader,
  HEAD_FILL,
  type ListPdfOptions,
  REGULAR,
  RULE,
  ZEBRA,
} from '../../pdf/old-page';

const MARGIN = { top: 24, bottom: 30, left: 24, right: 24 };
/** Largest and smallest body text: 12+ subjects and long names shrink the text, never below 5 pt. */
const MAX_FONT_SIZE = 7.5;
const MIN_FONT_SIZE = 5;
/** Cell padding on each side, in ems of the body text. */
const PADDING_EM = 0.5;
/** A name wider than this (in ems) is cut with an ellipsis rather than squeezing every column. */
const NAME_MAX_EM = 24;
const ROW_HEIGHT_EM = 1.7;

interface Layout {
  columns: MeritListColumn[];
  widths: number[];
  fontSize: number;
  rowHeight: number;
}

/**
 * The landscape A4 merit list a school prints for its staff: the school's header, the title
 * line, one row per student in the column order Kenyan schools read (the ranked first, then the
 * incomplete and withheld with their reason), the column heads repeated on every page, page
 * numbers and the staff-only footer.
 */
export function renderMeritListPdf(
  list: MeritList,
  school: School,
  options: ListPdfOptions = {},
): Promise<Buffer> {
  const title = meritListTitle(list);
  const { doc, done } = a4Document({ layout: 'landscape', margins: MARGIN, school, title });

  const layout = layoutColumns(doc, meritListColumns(list), list.rows);
  let y = drawSchoolHeader(doc, MARGIN, school, title, options.crest ?? null, [headerNotes(list)]);
  y = drawColumnHeads(doc, layout, y);

  const bottom = doc.page.height - MARGIN.bottom;
  const ranked = list.rows.filter((r) => r.status === 'complete');
  const unranked = list.rows.filter((r) => r.status !== 'complete');
  const nextLine = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = drawRunningHeader(doc, MARGIN, school, title);
    y = drawColumnHeads(doc, layout, y);
  };

  ranked.forEach((row, index) => {
    nextLine(layout.rowHeight);
    y = drawRow(doc, layout, row, y, index % 2 === 1);
  });
  if (unranked.length > 0) {
    nextLine(layout.rowHeight * 2);
    y = drawSectionLine(
      doc,
      layout,
      `NOT RANKED: ${unranked.length} incomplete or withheld ${unranked.length === 1 ? 'result' : 'results'}`,
      y,
    );
    unranked.forEach((row, index) => {
      nextLine(layout.rowHeight);
      y = drawRow(doc, layout, row, y, index % 2 === 1);
    });
  }
  if (list.rows.length === 0) {
    doc.font(REGULAR).fontSize(9).fillColor('black');
    doc.text('No marks entered for this exam yet.', MARGIN.left, y + 8, { lineBreak: false });
  }

  drawFooters(doc, MARGIN, MERIT_LIST_FOOTER, options.printedOn ?? new Date());
  doc.end();
  return done;
}

/**
 * Widths from the widest cell of each column at 1 pt (text width scales with its size), then the
 * largest font that fits the page, the spare width going to the columns in proportion.
 */
function layoutColumns(
  doc: Doc,
  columns: MeritListColumn[],
  rows: readonly MeritListRow[],
): Layout {
  const available = doc.page.width - MARGIN.left - MARGIN.right;
  const natural = columns.map((column) => {
    doc.font(BOLD).fontSize(1);
    let widest = doc.widthOfString(column.head);
    doc.font(cellFont(column));
    for (const row of rows) widest = Math.max(widest, doc.widthOfString(column.cell(row)));
    if (column.key === 'name') widest = Math.min(widest, NAME_MAX_EM);
    // A hair more than the widest cell, so rounding never cuts the widest name.
    return widest + 2 * PADDING_EM + 0.05;
  });
  const totalEm = natural.reduce((sum, w) => sum + w, 0);
  const fontSize = Math.max(
    MIN_FONT_SIZE,
    Math.min(MAX_FONT_SIZE, Math.floor((available / totalEm) * 4) / 4),
  );
  const widths = natural.map((w) => w * fontSize);
  const spare = available - widths.reduce((sum, w) => sum + w, 0);
  if (spare >= 0) {
    // The name already has what it needs: the other columns share the spare width evenly.
    const share = spare / (columns.length - 1);
    columns.forEach((column, i) => {
      if (column.key !== 'name') widths[i]! += share;
    });
  } else {
    // Even the smallest text is too wide: the name column gives up what is missing.
    const nameIndex = columns.findIndex((c) => c.key === 'name');
    widths[nameIndex] = Math.max(4 * fontSize, widths[nameIndex]! + spare);
  }
  return { columns, widths, fontSize, rowHeight: fontSize * ROW_HEIGHT_EM };
}

/** Under the title: the scheme, what DEV compares with, and how many students. */
function headerNotes(list: MeritList): string {
  return [
    `Grading: ${GRADING_SCHEME_LABELS[list.exam.grading_scheme]}`,
    list.previous_exam
      ? `DEV: change in ${list.exam.grading_scheme.startsWith('kcse') ? 'mean points' : 'mean mark'} since ${list.previous_exam.name}`
      : 'No previous exam to compare with',
    `${list.rows.length} ${list.rows.length === 1 ? 'student' : 'students'}`,
  ].join('  ·  ');
}

function drawColumnHeads(doc: Doc, layout: Layout, y: number): number {
  const height = layout.rowHeight * 1.15;
  const tableWidth = layout.widths.reduce((sum, w) => sum + w, 0);
  doc.rect(MARGIN.left, y, tableWidth, height).fill(HEAD_FILL);
  doc.font(BOLD).fontSize(layout.fontSize).fillColor('black');
  let x = MARGIN.left;
  layout.columns.forEach((column, i) => {
    drawCell(doc, column.head, x, layout.widths[i]!, column.align, y, height, layout.fontSize);
    x += layout.widths[i]!;
  });
  doc
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + tableWidth, y + height)
    .lineWidth(0.6)
    .stroke(RULE);
  return y + height;
}

/** The name, the mean grade and the positions stand out in bold. */
const cellFont = (column: MeritListColumn) =>
  column.key === 'name' || column.key === 'mean_grade' || column.kind === 'position'
    ? BOLD
    : REGULAR;

function drawRow(doc: Doc, layout: Layout, row: MeritListRow, y: number, shaded: boolean): number {
  const tableWidth = layout.widths.reduce((sum, w) => sum + w, 0);
  if (shaded) doc.rect(MARGIN.left, y, tableWidth, layout.rowHeight).fill(ZEBRA);
  doc.fillColor('black');
  // A result that does not rank shows its reason across the columns from GR on.
  const reasonFrom =
    row.status === 'complete' || !row.reason
      ? -1
      : layout.columns.findIndex((c) => c.key === 'mean_grade');
  let x = MARGIN.left;
  for (const [i, column] of layout.columns.entries()) {
    const width = layout.widths[i]!;
    if (reasonFrom >= 0 && i === reasonFrom) {
      const rest = layout.widths.slice(i).reduce((sum, w) => sum + w, 0);
      doc.font('Helvetica-Oblique').fontSize(layout.fontSize);
      drawCell(doc, row.reason!, x, rest, 'left', y, layout.rowHeight, layout.fontSize);
      break;
    }
    doc.font(cellFont(column)).fontSize(layout.fontSize);
    drawCell(doc, column.cell(row), x, width, column.align, y, layout.rowHeight, layout.fontSize);
    x += width;
  }
  return y + layout.rowHeight;
}

function drawSectionLine(doc: Doc, layout: Layout, text: string, y: number): number {
  const tableWidth = layout.widths.reduce((sum, w) => sum + w, 0);
  const top = y + layout.rowHeight * 0.3;
  doc
    .moveTo(MARGIN.left, top)
    .lineTo(MARGIN.left + tableWidth, top)
    .lineWidth(0.6)
    .stroke(RULE);
  doc.font(BOLD).fontSize(layout.fontSize).fillColor('black');
  drawCell(doc, text, MARGIN.left, tableWidth, 'left', top, layout.rowHeight, layout.fontSize);
  return top + layout.rowHeight;
}

function drawCell(
  doc: Doc,
  text: string,
  x: number,
  width: number,
  align: MeritListColumn['align'],
  y: number,
  height: number,
  fontSize: number,
) {
  drawBoxCell(doc, text, { x, y, width, height }, align, fontSize, PADDING_EM);
}

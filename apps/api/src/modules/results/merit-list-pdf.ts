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
import PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

export interface MeritListPdfOptions {
  /** The school's crest (JPEG or PNG bytes); left out when null or not an image pdfkit reads. */
  crest?: Buffer | null;
  /** The date printed in the footer; today by default. */
  printedOn?: Date;
}

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MARGIN = { top: 24, bottom: 30, left: 24, right: 24 };
/** Largest and smallest body text: 12+ subjects and long names shrink the text, never below 5 pt. */
const MAX_FONT_SIZE = 7.5;
const MIN_FONT_SIZE = 5;
/** Cell padding on each side, in ems of the body text. */
const PADDING_EM = 0.5;
/** A name wider than this (in ems) is cut with an ellipsis rather than squeezing every column. */
const NAME_MAX_EM = 24;
const ROW_HEIGHT_EM = 1.7;
const ZEBRA = '#eef1f4';
const HEAD_FILL = '#d9dee4';
const RULE = '#9aa3ad';

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
  options: MeritListPdfOptions = {},
): Promise<Buffer> {
  const title = meritListTitle(list);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: `${school.name} · ${title}`, Author: school.name, Creator: 'Shule' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const layout = layoutColumns(doc, meritListColumns(list), list.rows);
  let y = drawSchoolHeader(doc, list, school, title, options.crest ?? null);
  y = drawColumnHeads(doc, layout, y);

  const bottom = doc.page.height - MARGIN.bottom;
  const ranked = list.rows.filter((r) => r.status === 'complete');
  const unranked = list.rows.filter((r) => r.status !== 'complete');
  const nextLine = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = drawRunningHeader(doc, school, title);
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

  drawFooters(doc, options.printedOn ?? new Date());
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

function drawSchoolHeader(
  doc: Doc,
  list: MeritList,
  school: School,
  title: string,
  crest: Buffer | null,
): number {
  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const crestSize = 52;
  let hasCrest = false;
  if (crest) {
    try {
      doc.image(crest, left, MARGIN.top, { fit: [crestSize, crestSize] });
      hasCrest = true;
    } catch {
      // Not an image pdfkit can read: the list is printed without the crest.
    }
  }
  const centred = (text: string, font: string, size: number, y: number) => {
    doc.font(font).fontSize(size);
    const textWidth = doc.widthOfString(text);
    doc.text(text, left + Math.max(0, (width - textWidth) / 2), y, { lineBreak: false });
    return y + size * 1.3;
  };
  doc.fillColor('black');
  let y = centred(school.name.toUpperCase(), BOLD, 15, MARGIN.top);
  const address = school.postal_address ?? (school.county ? `${school.county} County` : '');
  if (address) y = centred(address, REGULAR, 8.5, y);
  const contacts = [
    school.phone_number && `Tel: ${school.phone_number}`,
    school.email && `Email: ${school.email}`,
  ].filter(Boolean);
  if (contacts.length > 0) y = centred(contacts.join('  ·  '), REGULAR, 8.5, y);
  if (hasCrest) y = Math.max(y, MARGIN.top + crestSize + 2);
  y += 4;
  y = centred(title, BOLD, 11, y);

  const notes = [
    `Grading: ${GRADING_SCHEME_LABELS[list.exam.grading_scheme]}`,
    list.previous_exam
      ? `DEV: change in ${list.exam.grading_scheme.startsWith('kcse') ? 'mean points' : 'mean mark'} since ${list.previous_exam.name}`
      : 'No previous exam to compare with',
    `${list.rows.length} ${list.rows.length === 1 ? 'student' : 'students'}`,
  ];
  y = centred(notes.join('  ·  '), REGULAR, 7.5, y) + 3;
  return y;
}

/** Pages after the first carry the school and the title in one small line. */
function drawRunningHeader(doc: Doc, school: School, title: string): number {
  doc.font(BOLD).fontSize(7.5).fillColor('black');
  doc.text(`${school.name.toUpperCase()}  ·  ${title}`, MARGIN.left, MARGIN.top, {
    lineBreak: false,
  });
  return MARGIN.top + 7.5 * 1.6;
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

/** One line of text in a cell, cut with an ellipsis when it does not fit, never wrapped. */
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
  if (!text) return;
  const padding = PADDING_EM * fontSize;
  const room = width - 2 * padding;
  let shown = text;
  if (doc.widthOfString(shown) > room) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > room) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}…`;
  }
  const textWidth = doc.widthOfString(shown);
  const left =
    align === 'right'
      ? x + width - padding - textWidth
      : align === 'center'
        ? x + (width - textWidth) / 2
        : x + padding;
  // pdfkit puts the baseline one ascender (0.718 em in Helvetica, as tall as its capitals)
  // below y: this centres the capitals in the row.
  doc.text(shown, left, y + (height - fontSize * 0.718) / 2, {
    lineBreak: false,
  });
}

function drawFooters(doc: Doc, printedOn: Date) {
  const { start, count } = doc.bufferedPageRange();
  const printed = `Printed ${printedOn.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' })}`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN.bottom + 10;
    const right = doc.page.width - MARGIN.right;
    doc.font('Helvetica-Oblique').fontSize(7).fillColor('#333333');
    doc.text(MERIT_LIST_FOOTER, MARGIN.left, y, { lineBreak: false });
    doc.font(REGULAR);
    const pageLabel = `${printed}  ·  Page ${i - start + 1} of ${count}`;
    doc.text(pageLabel, right - doc.widthOfString(pageLabel), y, { lineBreak: false });
  }
}

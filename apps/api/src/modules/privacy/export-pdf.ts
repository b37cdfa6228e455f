import type { ReadableDataExport, ReadableSection } from '@shule/shared/privacy-readable';
import type { School } from '@shule/shared/schools';
import {
  a4Document,
  BOLD,
  type Doc,
  drawFooters,
  drawRunningHeader,
  drawSchoolHeader,
  HEAD_FILL,
  type ListPdfOptions,
  REGULAR,
  RULE,
  ZEBRA,
} from '../../pdf/old-page';

/**
 * A parent's data download as landscape A4 pages a person reads: the school's header, then each
 * section of readableDataExport (the child and the parent as label and value, each kind of
 * record as a table whose cells wrap), its heads repeated on a new page.
 */

const MARGIN = { top: 28, bottom: 34, left: 28, right: 28 };
const SIZE = 7.5;
const LEADING = SIZE * 1.2;
const PAD = 3;
/** A cell is never more lines than this: a long SMS is cut there (the CSV holds it whole). */
const MAX_LINES = 8;
const FOOTER = "Personal data: for the parent's own use";

type Column = { width: number };

/** `text` in lines of `width` at the current font, cut at MAX_LINES with an ellipsis. */
function wrap(doc: Doc, text: string, width: number): string[] {
  if (!text) return [''];
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const tried = current ? `${current} ${word}` : word;
      if (doc.widthOfString(tried) <= width) {
        current = tried;
        continue;
      }
      if (current) lines.push(current);
      // A word wider than the cell (a long reference) is broken where it reaches the edge.
      let rest = word;
      while (doc.widthOfString(rest) > width && rest.length > 1) {
        let end = rest.length - 1;
        while (end > 1 && doc.widthOfString(rest.slice(0, end)) > width) end -= 1;
        lines.push(rest.slice(0, end));
        rest = rest.slice(end);
      }
      current = rest;
    }
    lines.push(current);
  }
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1]!.slice(0, -1)}…`;
  return kept;
}

/** Widths for `section`'s columns: by how much text each holds, within the page's width. */
function columnsOf(doc: Doc, section: ReadableSection, width: number): Column[] {
  if (section.kind === 'fields') return [{ width: 170 }, { width: Math.min(width - 170, 400) }];
  doc.font(REGULAR).fontSize(SIZE);
  const wants = section.columns.map((head, j) => {
    const longest = Math.max(
      doc.font(BOLD).widthOfString(head),
      ...section.rows.map((r) => doc.font(REGULAR).widthOfString(r[j] ?? '')),
    );
    return Math.min(Math.max(longest + 2 * PAD, 40), 260);
  });
  const total = wants.reduce((s, w) => s + w, 0);
  const scale = total > width ? width / total : 1;
  return wants.map((w) => ({ width: w * scale }));
}

function drawRow(
  doc: Doc,
  cells: string[],
  columns: Column[],
  y: number,
  { bold = false, fill = null as string | null } = {},
) {
  doc.font(bold ? BOLD : REGULAR).fontSize(SIZE);
  const lines = cells.map((text, j) => wrap(doc, text, columns[j]!.width - 2 * PAD));
  const height = Math.max(...lines.map((l) => l.length)) * LEADING + 2 * PAD;
  const width = columns.reduce((s, c) => s + c.width, 0);
  // Below the rule that closes the row above.
  if (fill) doc.rect(MARGIN.left, y + 0.3, width, height - 0.3).fill(fill);
  doc
    .fillColor('black')
    .font(bold ? BOLD : REGULAR)
    .fontSize(SIZE);
  let x = MARGIN.left;
  lines.forEach((cellLines, j) => {
    cellLines.forEach((text, n) => {
      doc.text(text, x + PAD, y + PAD + n * LEADING, { lineBreak: false });
    });
    x += columns[j]!.width;
  });
  doc
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + width, y + height)
    .lineWidth(0.3)
    .strokeColor(RULE)
    .stroke();
  return height;
}

/** The row's height without drawing it, to know whether it fits the page. */
function rowHeight(doc: Doc, cells: string[], columns: Column[], bold = false) {
  doc.font(bold ? BOLD : REGULAR).fontSize(SIZE);
  const lines = cells.map((text, j) => wrap(doc, text, columns[j]!.width - 2 * PAD).length);
  return Math.max(...lines) * LEADING + 2 * PAD;
}

export function renderDataExportPdf(
  readable: ReadableDataExport,
  school: School,
  options: ListPdfOptions = {},
): Promise<Buffer> {
  const { doc, done } = a4Document({
    layout: 'landscape',
    margins: MARGIN,
    school,
    title: readable.title,
  });
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = doc.page.height - MARGIN.bottom;
  let y = drawSchoolHeader(
    doc,
    MARGIN,
    school,
    readable.title,
    options.crest ?? null,
    readable.notes,
  );
  const newPage = () => {
    doc.addPage();
    y = drawRunningHeader(doc, MARGIN, school, readable.title);
  };
  const heading = (text: string) => {
    doc.font(BOLD).fontSize(10).fillColor('black');
    doc.text(text, MARGIN.left, y + 8, { lineBreak: false });
    y += 22;
  };

  for (const section of readable.sections) {
    const columns = columnsOf(doc, section, width);
    const heads = section.kind === 'table' && section.rows.length > 0 ? section.columns : null;
    const headH = heads ? rowHeight(doc, heads, columns, true) : 0;
    const first = section.rows[0];
    const firstH = first ? rowHeight(doc, first, columns) : LEADING;
    // A heading keeps its heads and first row with it.
    if (y + 22 + headH + firstH > bottom) newPage();
    heading(section.title);
    if (heads) y += drawRow(doc, heads, columns, y, { bold: true, fill: HEAD_FILL });
    if (section.rows.length === 0) {
      doc.font('Helvetica-Oblique').fontSize(SIZE).fillColor('#333333');
      doc.text('Nothing held.', MARGIN.left + PAD, y + PAD, { lineBreak: false });
      y += LEADING + 2 * PAD;
      continue;
    }
    section.rows.forEach((row, i) => {
      if (y + rowHeight(doc, row, columns) > bottom) {
        newPage();
        heading(`${section.title} (continued)`);
        if (heads) y += drawRow(doc, heads, columns, y, { bold: true, fill: HEAD_FILL });
      }
      y += drawRow(doc, row, columns, y, {
        bold: false,
        fill: i % 2 === 1 ? ZEBRA : null,
      });
    });
  }
  drawFooters(doc, MARGIN, FOOTER, new Date());
  doc.end();
  return done;
}

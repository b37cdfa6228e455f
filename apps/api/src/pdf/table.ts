import { drawHeading } from './blocks';
import {
  type Align,
  CAP_HEIGHT_EM,
  COLORS,
  type Doc,
  drawRule,
  FONTS,
  type FontName,
  fitLine,
  type Printout,
  SMALLEST_TEXT_SIZE,
} from './page';

/** A cell's text, or the text with its own font, or spread over `span` columns from its own. */
export type Cell = string | { text: string; font?: FontName; span?: number; align?: Align };

export interface TableColumn {
  /** The head; `\n` breaks it into lines (a component's name above its weight). */
  head: string;
  width: number;
  align?: Align;
  /** The body's font in this column; the row's font, else regular, by default. */
  font?: FontName;
  /** How many lines a cell may wrap onto; one (cut with an ellipsis) by default. */
  lines?: number;
  /** Draws the cell instead of its text (a box to tick). */
  draw?: (doc: Doc, box: { x: number; y: number; width: number; height: number }) => void;
}

export interface TableRow {
  cells: Cell[];
  font?: FontName;
  /** The row's background; every other row is shaded when left out, none when null. */
  fill?: string | null;
  /** A rule across the table above the row (totals, a group's first line). */
  ruleAbove?: boolean;
  /** Printed on the same page as the row after it (a group's heading line). */
  keepWithNext?: boolean;
}

export interface TableOptions {
  fontSize: number;
  headFontSize?: number;
  /** Each cell's padding on the left and right, in ems of the body text. */
  paddingEm?: number;
  /** Each cell's padding above and below its text, in points. */
  paddingY?: number;
  /** The least height of a row; 1.7 lines of the body text by default. */
  rowHeight?: number;
  /** The least height of the heads; 1.15 rows by default. */
  headHeight?: number;
  /** Line spacing of wrapped cells, in ems. */
  leadingEm?: number;
  /** Rows taller than their text share what is left of `room`, each up to `tallest`. */
  stretch?: { room: number; tallest: number };
  /** Wrapped cells start at the row's top rather than being centred in it. */
  alignTop?: boolean;
  /** A thin rule under every row (a form to fill in, a list read across). */
  rules?: boolean;
  /** Without heads: a list of labels and values. */
  headless?: boolean;
  /** A frame round the whole table. */
  border?: boolean;
  /** A heading above the table, printed again with "(continued)" on every page it runs on to. */
  title?: string;
  /** Said under the title instead of an empty table. */
  empty?: string;
  /** How many rows a title and the heads keep with them at the foot of a page. */
  keepRows?: number;
}

const cellText = (cell: Cell | undefined) => (typeof cell === 'string' ? cell : (cell?.text ?? ''));

/** Words joined into lines of `width` at the current font: a line ends before what overflows. */
function fillLines(doc: Doc, units: string[], joiner: string, lineEnd: string, width: number) {
  const lines: string[] = [];
  let current = '';
  for (const unit of units) {
    const tried = current ? `${current}${joiner}${unit}` : unit;
    if (!current || doc.widthOfString(`${tried}${lineEnd}`) <= width) {
      current = tried;
      continue;
    }
    lines.push(`${current}${lineEnd}`);
    current = unit;
  }
  lines.push(current);
  return lines;
}

/** A word wider than `width` (a long reference) in pieces broken where each reaches the edge. */
function breakWord(doc: Doc, word: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > 1 && doc.widthOfString(rest) > width) {
    let end = rest.length - 1;
    while (end > 1 && doc.widthOfString(rest.slice(0, end)) > width) end -= 1;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * `text` in at most `maxLines` lines of `width` at the current font and size, broken at spaces
 * and new lines; a list of people ("M. W. Achieng / P. Otieno") breaks between them when each
 * then fits a line. What the last line cannot hold is cut with an ellipsis.
 */
export function wrapText(doc: Doc, text: string, width: number, maxLines: number): string[] {
  if (!text) return [''];
  if (maxLines <= 1) return [fitLine(doc, text, width)];
  const fits = (line: string) => doc.widthOfString(line) <= width;
  const people = text.split(' / ');
  if (people.length > 1) {
    const lines = fillLines(doc, people, ' / ', ' /', width);
    if (lines.length <= maxLines && lines.every(fits)) return lines;
  }
  const lines = text.split(/\r?\n/).flatMap((paragraph) => {
    const words = paragraph
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((word) => breakWord(doc, word, width));
    return fillLines(doc, words, ' ', '', width);
  });
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines - 1);
  const rest = lines.slice(maxLines - 1).join(' ');
  const last = fitLine(doc, rest, width);
  return [...kept, last.endsWith('…') ? last : `${last}…`];
}

export interface FitColumn {
  head: string;
  font?: FontName;
  /** A cell wider than this many ems is cut, rather than squeezing every other column. */
  maxEm?: number;
  /** Takes a share of the page's spare width. */
  grows?: boolean;
  /** Gives up width when even the smallest text is too wide. */
  shrinks?: boolean;
}

/**
 * Widths for columns of one-line cells: each column as wide as its widest cell (measured at
 * 1 pt: text width scales with its size), then the largest size from `maxSize` down to
 * `minSize` (the smallest text size by default) at which the table fits `width`. What is spare goes to the growing columns (always
 * with `fill`, else only when the text had to shrink); what is missing at the smallest size
 * comes off the shrinking ones.
 */
export function fitColumns(
  doc: Doc,
  columns: FitColumn[],
  cells: readonly (readonly string[])[],
  options: { width: number; maxSize: number; minSize?: number; paddingEm: number; fill?: boolean },
) {
  const minSize = options.minSize ?? SMALLEST_TEXT_SIZE;
  const natural = columns.map((column, i) => {
    doc.font(FONTS.bold).fontSize(1);
    let widest = doc.widthOfString(column.head);
    doc.font(column.font ?? FONTS.regular);
    for (const row of cells) widest = Math.max(widest, doc.widthOfString(row[i] ?? ''));
    if (column.maxEm !== undefined) widest = Math.min(widest, column.maxEm);
    // A hair more than the widest cell, so rounding never cuts it.
    return widest + 2 * options.paddingEm + 0.05;
  });
  const totalEm = natural.reduce((sum, w) => sum + w, 0);
  const fontSize = Math.max(
    minSize,
    Math.min(options.maxSize, Math.floor((options.width / totalEm) * 4) / 4),
  );
  const widths = natural.map((w) => w * fontSize);
  const spare = options.width - widths.reduce((sum, w) => sum + w, 0);
  const growing = columns.flatMap((c, i) => (c.grows ? [i] : []));
  const shrinking = columns.flatMap((c, i) => (c.shrinks ? [i] : []));
  if (spare < 0) {
    for (const i of shrinking) {
      widths[i] = Math.max(4 * fontSize, widths[i]! + spare / shrinking.length);
    }
  } else if (options.fill || fontSize < options.maxSize) {
    for (const i of growing) widths[i]! += spare / growing.length;
  }
  return { widths, fontSize };
}

export interface Measured {
  /** Each row's cells as lines, with the column (or span) they fill. */
  rows: {
    lines: string[];
    x: number;
    width: number;
    column: TableColumn;
    font: FontName;
    align: Align;
  }[][];
  heights: number[];
  headLines: string[][];
  headHeight: number;
}

/** Every row's and the heads' lines and heights, without drawing them. */
export function measureTable(
  doc: Doc,
  columns: TableColumn[],
  rows: readonly TableRow[],
  options: TableOptions,
): Measured {
  const size = options.fontSize;
  const pad = (options.paddingEm ?? 0.5) * size;
  const leading = size * (options.leadingEm ?? 1.2);
  const least = options.rowHeight ?? size * 1.7;
  const verticalPad = options.paddingY ?? Math.max(pad, 2);
  const heightOf = (lineCount: number) =>
    Math.max(least, (lineCount - 1) * leading + size + 2 * verticalPad);
  const measured = rows.map((row) => {
    const cells: Measured['rows'][number] = [];
    let x = 0;
    for (let j = 0; j < columns.length; ) {
      const cell = row.cells[j];
      const span = typeof cell === 'object' ? (cell.span ?? 1) : 1;
      const column = columns[j]!;
      const width = columns.slice(j, j + span).reduce((sum, c) => sum + c.width, 0);
      const font =
        (typeof cell === 'object' ? cell.font : undefined) ??
        row.font ??
        column.font ??
        FONTS.regular;
      doc.font(font).fontSize(size);
      const text = cellText(cell);
      const lines = column.draw ? [] : wrapText(doc, text, width - 2 * pad, column.lines ?? 1);
      const align = (typeof cell === 'object' ? cell.align : undefined) ?? column.align ?? 'left';
      cells.push({ lines, x, width, column, font, align });
      x += width;
      j += span;
    }
    return cells;
  });
  const heights = measured.map((cells) =>
    heightOf(Math.max(1, ...cells.map((c) => c.lines.length))),
  );
  const headSize = options.headFontSize ?? size;
  doc.font(FONTS.bold).fontSize(headSize);
  const headLines = columns.map((c) => c.head.split('\n'));
  const headLineCount = Math.max(1, ...headLines.map((l) => l.length));
  const headHeight = Math.max(
    options.headHeight ?? least * 1.15,
    (headLineCount - 1) * headSize * 1.2 + headSize + 2 * verticalPad,
  );
  return stretchRows({ rows: measured, heights, headLines, headHeight }, options);
}

/** The rows' heights once they share what is left of the options' room (see `stretch`). */
export function stretchRows(measured: Measured, options: TableOptions): Measured {
  if (!options.stretch) return measured;
  const { room, tallest } = options.stretch;
  const size = options.fontSize;
  const pad = (options.paddingEm ?? 0.5) * size;
  const oneLine = Math.max(
    options.rowHeight ?? size * 1.7,
    size + 2 * (options.paddingY ?? Math.max(pad, 2)),
  );
  const total = measured.heights.reduce((sum, h) => sum + h, 0);
  const share = Math.max(0, (room - total) / Math.max(measured.heights.length, 1));
  const heights = measured.heights.map((h) => Math.max(h, Math.min(tallest, oneLine + share)));
  return { ...measured, heights };
}

/** Lines of text in a box, centred in it (or from its top), aligned across it. */
function drawLines(
  doc: Doc,
  lines: string[],
  box: { x: number; y: number; width: number; height: number },
  {
    align,
    size,
    leading,
    pad,
    top,
  }: {
    align: Align;
    size: number;
    leading: number;
    pad: number;
    top: number | null;
  },
) {
  const block = (lines.length - 1) * leading + size * CAP_HEIGHT_EM;
  const first = top ?? box.y + (box.height - block) / 2;
  lines.forEach((text, n) => {
    if (!text) return;
    const textWidth = doc.widthOfString(text);
    const x =
      align === 'right'
        ? box.x + box.width - pad - textWidth
        : align === 'center'
          ? box.x + (box.width - textWidth) / 2
          : box.x + pad;
    doc.text(text, x, first + n * leading, { lineBreak: false });
  });
}

/**
 * A table from `printout.y`: the heads on a shaded row, then the rows, each cell wrapped or
 * cut to its column. A row that does not fit the page starts a new one, where the title (with
 * "(continued)") and the heads are printed again. Moves `y` below the table.
 */
export function drawTable(
  printout: Printout,
  columns: TableColumn[],
  rows: readonly TableRow[],
  options: TableOptions,
  /** What measureTable answered for these rows and options, when the caller measured them. */
  measured: Measured = measureTable(printout.doc, columns, rows, options),
) {
  const { doc } = printout;
  const size = options.fontSize;
  const headSize = options.headFontSize ?? size;
  const pad = (options.paddingEm ?? 0.5) * size;
  const leading = size * (options.leadingEm ?? 1.2);
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const left = printout.left;
  const { heights } = measured;
  const headHeight = options.headless ? 0 : measured.headHeight;
  const headingHeight = options.title ? 22 : 0;

  if (rows.length === 0 && options.empty !== undefined) {
    printout.makeRoom(headingHeight + 16);
    if (options.title) drawHeading(printout, options.title);
    doc.font(FONTS.italic).fontSize(8).fillColor('#333333');
    doc.text(options.empty, left, printout.y + 2, { lineBreak: false });
    printout.y += 16;
    return;
  }

  let frameTop = printout.y;
  const closeFrame = () => {
    if (!options.border) return;
    doc
      .rect(left, frameTop, tableWidth, printout.y - frameTop)
      .lineWidth(0.75)
      .strokeColor(COLORS.rule)
      .stroke();
  };
  const drawHeads = () => {
    if (options.headless) return;
    const y = printout.y;
    doc.rect(left, y, tableWidth, headHeight).fill(COLORS.head);
    doc.fillColor('black').font(FONTS.bold).fontSize(headSize);
    let x = left;
    columns.forEach((column, i) => {
      const box = { x, y, width: column.width, height: headHeight };
      const lines = measured.headLines[i]!.map((l) => fitLine(doc, l, column.width - 2 * pad));
      drawLines(doc, lines, box, {
        align: column.align ?? 'left',
        size: headSize,
        leading: headSize * 1.2,
        pad,
        top: null,
      });
      x += column.width;
    });
    drawRule(doc, left, y + headHeight, tableWidth);
    printout.y = y + headHeight;
  };
  const startPage = (continued: boolean) => {
    if (continued) {
      closeFrame();
      printout.newPage();
    }
    frameTop = printout.y;
    if (options.title) {
      drawHeading(printout, continued ? `${options.title} (continued)` : options.title);
      frameTop = printout.y;
    }
    drawHeads();
  };

  const kept = heights.slice(0, options.keepRows ?? 1).reduce((sum, h) => sum + h, 0);
  printout.makeRoom(headingHeight + headHeight + kept);
  startPage(false);
  let shade = 0;
  rows.forEach((row, i) => {
    const height = heights[i]!;
    const withNext = row.keepWithNext ? (heights[i + 1] ?? 0) : 0;
    if (!printout.fits(height + withNext)) startPage(true);
    const y = printout.y;
    const fill = row.fill === undefined ? (shade % 2 === 1 ? COLORS.zebra : null) : row.fill;
    shade = row.keepWithNext ? 0 : shade + 1;
    // Below the rule that closes the row above.
    if (fill) doc.rect(left, y + 0.3, tableWidth, height - 0.3).fill(fill);
    if (row.ruleAbove) drawRule(doc, left, y, tableWidth, { lineWidth: 0.8 });
    doc.fillColor('black');
    for (const cell of measured.rows[i]!) {
      const box = { x: left + cell.x, y, width: cell.width, height };
      if (cell.column.draw) {
        cell.column.draw(doc, box);
        continue;
      }
      if (!cell.lines.some(Boolean)) continue;
      doc.font(cell.font).fontSize(size);
      drawLines(doc, cell.lines, box, {
        align: cell.align,
        size,
        leading,
        pad,
        top: options.alignTop ? y + (options.paddingY ?? Math.max(pad, 2)) : null,
      });
    }
    if (options.rules) drawRule(doc, left, y + height, tableWidth, { lineWidth: 0.3 });
    printout.y = y + height;
  });
  closeFrame();
}

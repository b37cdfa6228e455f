import {
  attendanceLine,
  componentsNote,
  feeBalanceLine,
  formatResultNumber,
  isComponentColumn,
  nextTermLine,
  type SubjectColumn,
  subjectColumns,
  summaryBoxes,
  trendScaleTop,
  usesKcsePoints,
} from '@shule/shared/results/report-card-format';
import type { ReportCard } from '@shule/shared/results/report-cards';
import PDFDocument from 'pdfkit';
import { readThumbnail } from '../uploads/index';

/**
 * Report forms as one PDF, an A4 portrait page per student, in the layout Kenyan parents know
 * (KENYA.md "Report form"): the school's header, the title, the student, the summary boxes
 * with the previous exam's beside them, a row per subject, the chart of the year's means, the
 * remarks with signature lines and the next term's opening date.
 *
 * Only the standard Helvetica fonts are used, so no font is embedded and a page stays small.
 */

type Doc = PDFKit.PDFDocument;
/** An image opened once by pdfkit and drawn on many pages (the crest): embedded once. */
type OpenedImage = { width: number; height: number };

export interface ReportCardsPdfOptions {
  /** The data folder, where the crest's and photos' thumbnails are; without it, none are drawn. */
  dataDir?: string;
}

/**
 * A photo's thumbnail bigger than this is left off: pdfkit embeds an image as it is, and a form
 * keeps within its 60 KB a page. Thumbnails (at most 400 pixels, JPEG) are made at upload.
 */
export const MAX_EMBEDDED_PHOTO_BYTES = 40 * 1024;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#9ca3af';
const BRAND = '#14532d';
const SHADE = '#f3f4f6';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** `text` cut to fit `width` at the current font and size (with an ellipsis), and its width. */
function fitToWidth(doc: Doc, text: string, width: number) {
  const full = doc.widthOfString(text);
  if (full <= width) return { text, width: full };
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end -= 1;
  const cut = `${text.slice(0, end).trimEnd()}…`;
  return { text: cut, width: doc.widthOfString(cut) };
}

/**
 * One line of text in the box from x of `width`, cut to fit. Placed by hand rather than through
 * pdfkit's line wrapping, which measures every word again (a class of 125 draws ~30,000 lines).
 */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  { font = FONT, size = 9, color = INK, align = 'left' as 'left' | 'center' | 'right' } = {},
) {
  if (!text) return;
  doc.font(font).fontSize(size).fillColor(color);
  const fitted = fitToWidth(doc, text, width);
  const offset =
    align === 'center' ? (width - fitted.width) / 2 : align === 'right' ? width - fitted.width : 0;
  doc.text(fitted.text, x + offset, y, { lineBreak: false });
}

interface StandardFont {
  encode(text: string, features?: unknown): unknown;
  widthOfString(text: string, size: number): number;
}

/**
 * Makes the document's standard fonts remember how they encoded and measured each string:
 * pdfkit works every glyph and kerning pair out on each call, and a class's pages repeat most
 * of their strings (labels, subjects, grades, comments, numbers). Safe because nothing here
 * justifies text, the one path where pdfkit changes an encoding it was given.
 */
function rememberEncodings(doc: Doc, fonts: string[]) {
  for (const name of fonts) {
    doc.font(name);
    const font = (doc as unknown as { _font: StandardFont })._font;
    const encode = font.encode.bind(font);
    const widthOfString = font.widthOfString.bind(font);
    const encoded = new Map<string, unknown>();
    const widths = new Map<string, number>();
    font.encode = (text, features) => {
      if (features !== undefined) return encode(text, features);
      let hit = encoded.get(text);
      if (hit === undefined) {
        hit = encode(text);
        encoded.set(text, hit);
      }
      return hit;
    };
    font.widthOfString = (text, size) => {
      let width = widths.get(text);
      if (width === undefined) {
        width = widthOfString(text, 1000);
        widths.set(text, width);
      }
      return (width * size) / 1000;
    };
  }
}

/** The first of `sizes` at which `text` fits `width` on one line (the last if none does). */
function largestSizeFitting(doc: Doc, font: string, text: string, width: number, sizes: number[]) {
  doc.font(font);
  return sizes.find((size) => doc.fontSize(size).widthOfString(text) <= width) ?? sizes.at(-1)!;
}

function drawHeader(doc: Doc, card: ReportCard, crest: OpenedImage | null) {
  const top = MARGIN;
  if (crest) {
    doc.image(crest as unknown as Buffer, MARGIN, top, { fit: [60, 60], align: 'center' });
  }
  const x = MARGIN + 70;
  const w = WIDTH - 140;
  const name = card.school.name.toUpperCase();
  line(doc, name, x, top + 2, w, {
    font: BOLD,
    size: largestSizeFitting(doc, BOLD, name, w, [15, 13, 11.5, 10]),
    align: 'center',
  });
  const contacts = [
    card.school.postal_address,
    [`Tel: ${card.school.phone_number}`, card.school.email].filter(Boolean).join('  ·  '),
  ].filter((v): v is string => Boolean(v));
  contacts.forEach((text, i) => {
    line(doc, text, x, top + 22 + i * 12, w, { size: 9, color: MUTED, align: 'center' });
  });
  if (card.school.motto) {
    line(doc, `“${card.school.motto}”`, x, top + 22 + contacts.length * 12, w, {
      font: 'Helvetica-Oblique',
      size: 9,
      align: 'center',
    });
  }
  const titleY = top + 66;
  doc.rect(MARGIN, titleY, WIDTH, 20).fill(BRAND);
  line(doc, card.title, MARGIN + 6, titleY + 6, WIDTH - 12, {
    font: BOLD,
    size: 10,
    color: '#ffffff',
    align: 'center',
  });
  return titleY + 28;
}

function drawStudent(doc: Doc, card: ReportCard, y: number, photo: Buffer | null) {
  const photoW = 62;
  const photoH = 74;
  const fields: [string, string][] = [
    ['NAME', card.student.name.toUpperCase()],
    ['ADM NO', card.student.admission_number],
    ['STREAM', card.student.class.name],
  ];
  if (card.student.level) fields.push(['LEVEL', card.student.level]);
  fields.forEach(([label, value], i) => {
    const rowY = y + 4 + i * 16;
    line(doc, label, MARGIN, rowY, 60, { font: BOLD, size: 8, color: MUTED });
    line(doc, value, MARGIN + 62, rowY - 1, WIDTH - photoW - 80, { font: BOLD, size: 10.5 });
  });
  const px = MARGIN + WIDTH - photoW;
  if (photo) {
    try {
      doc.image(photo, px, y, { fit: [photoW, photoH], align: 'center', valign: 'center' });
    } catch {
      // An image pdfkit cannot read leaves the frame empty rather than losing the form.
    }
  }
  doc.rect(px, y, photoW, photoH).lineWidth(0.5).strokeColor(RULE).stroke();
  if (!photo)
    line(doc, 'PHOTO', px, y + photoH / 2 - 4, photoW, { size: 7, color: RULE, align: 'center' });
  return y + photoH + 10;
}

function drawSummary(doc: Doc, card: ReportCard, y: number) {
  const boxes = summaryBoxes(card);
  const gap = 6;
  const w = (WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const h = 62;
  boxes.forEach((box, i) => {
    const x = MARGIN + i * (w + gap);
    doc.rect(x, y, w, h).lineWidth(0.75).strokeColor(RULE).stroke();
    doc.rect(x, y, w, 13).fill(SHADE);
    line(doc, box.label, x, y + 3.5, w, { font: BOLD, size: 7, color: MUTED, align: 'center' });
    const half = w / 2;
    line(doc, box.value(card.summary), x, y + 18, half, { font: BOLD, size: 17, align: 'center' });
    line(doc, box.of(card.summary), x, y + 38, half, { size: 7.5, color: MUTED, align: 'center' });
    doc
      .moveTo(x + half, y + 17)
      .lineTo(x + half, y + h - 5)
      .lineWidth(0.5)
      .strokeColor('#d1d5db')
      .stroke();
    const previous = card.previous;
    line(doc, 'PREVIOUS', x + half, y + 17, half, { size: 6, color: MUTED, align: 'center' });
    line(doc, previous ? box.value(previous) : '—', x + half, y + 26, half, {
      font: BOLD,
      size: 11,
      color: MUTED,
      align: 'center',
    });
    if (previous) {
      line(doc, box.of(previous), x + half, y + 40, half, {
        size: 6.5,
        color: MUTED,
        align: 'center',
      });
    }
  });
  if (card.previous_exam) {
    line(doc, `Previous: ${card.previous_exam.name}`, MARGIN, y + h + 3, WIDTH, {
      size: 7,
      color: MUTED,
      align: 'right',
    });
  }
  return y + h + 14;
}

type ColumnLayout = { width: number; align: 'left' | 'center' };
const COLUMN_LAYOUT: Record<Exclude<SubjectColumn['key'], `component-${number}`>, ColumnLayout> = {
  subject: { width: 112, align: 'left' },
  mark: { width: 38, align: 'center' },
  deviation: { width: 36, align: 'center' },
  grade: { width: 38, align: 'center' },
  points: { width: 28, align: 'center' },
  position: { width: 46, align: 'center' },
  comment: { width: 0, align: 'left' },
  teacher: { width: 98, align: 'left' },
};

/** What a combined exam's component columns share, taken from the subject and teacher columns. */
const COMPONENTS_WIDTH = 120;
const COMBINED_LAYOUT = {
  subject: { width: 100, align: 'left' },
  teacher: { width: 70, align: 'left' },
} as const;

/** The table's columns with their widths: the comment takes what the others leave. */
function columnsOf(card: ReportCard) {
  const n = card.components.length;
  const component: ColumnLayout = {
    width: Math.max(28, Math.min(48, COMPONENTS_WIDTH / Math.max(n, 1))),
    align: 'center',
  };
  const layoutOf = (key: SubjectColumn['key']): ColumnLayout =>
    isComponentColumn(key)
      ? component
      : n > 0 && (key === 'subject' || key === 'teacher')
        ? COMBINED_LAYOUT[key]
        : COLUMN_LAYOUT[key];
  const columns = subjectColumns(card).map((c) => ({ ...c, ...layoutOf(c.key) }));
  const used = columns.reduce((sum, c) => sum + c.width, 0);
  return columns.map((c) => (c.key === 'comment' ? { ...c, width: WIDTH - used } : c));
}

/**
 * `units` joined by `joiner` into at most `maxLines` lines of `width` at the current font and
 * size, a line that goes on ending with `lineEnd`; what the last line cannot hold, and a unit
 * wider than a line, are cut with an ellipsis.
 */
function fillLines(
  doc: Doc,
  units: string[],
  joiner: string,
  lineEnd: string,
  width: number,
  maxLines: number,
) {
  const lines: string[] = [];
  let current = '';
  for (const [i, unit] of units.entries()) {
    const tried = current ? `${current}${joiner}${unit}` : unit;
    if (!current || doc.widthOfString(`${tried}${lineEnd}`) <= width) {
      current = tried;
      continue;
    }
    lines.push(`${current}${lineEnd}`);
    if (lines.length === maxLines - 1) {
      current = units.slice(i).join(joiner);
      break;
    }
    current = unit;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * `text` broken into at most `maxLines` lines of `width`, at spaces; several teachers
 * ("M. W. Achieng / P. Otieno") break between teachers when each then fits a line. Cut with
 * an ellipsis only what the lines cannot hold.
 */
export function wrapToLines(doc: Doc, text: string, width: number, maxLines: number): string[] {
  const fits = (l: string) => doc.widthOfString(l) <= width;
  const people = text.split(' / ');
  if (people.length > 1) {
    const lines = fillLines(doc, people, ' / ', ' /', width, maxLines);
    if (lines.every(fits)) return lines;
  }
  const words = text.split(/\s+/).filter(Boolean);
  return fillLines(doc, words, ' ', '', width, maxLines).map((l) => fitToWidth(doc, l, width).text);
}

/** The table's text columns, whose long cells (a subject's name, teachers) wrap onto two lines. */
const WRAPPED: readonly SubjectColumn['key'][] = ['subject', 'comment', 'teacher'];
const WRAPPED_LINES = 2;
/** The height the subjects' rows share before the chart and the remarks below lose room. */
const TABLE_ROOM = 266;
/** A row's height is never more than this, however few the subjects. */
const TALLEST_ROW = 19;

type Column = ReturnType<typeof columnsOf>[number];

/**
 * Each subject's cells as lines, at the largest size whose rows fit the table's room: a row is
 * as tall as its most wrapped cell, and one-line rows share what room is left, up to 19 pt.
 */
function layoutRows(doc: Doc, card: ReportCard, columns: Column[]) {
  const sizes = [8.5, 7.5, 6.5];
  for (const [k, size] of sizes.entries()) {
    const leading = size * 1.15;
    const pad = 5;
    const rows = card.subjects.map((row) =>
      columns.map((c, j) => {
        const text = c.cell(row);
        const room = c.width - 8;
        doc.font(j === 0 ? BOLD : FONT).fontSize(size);
        return WRAPPED.includes(c.key) && text
          ? wrapToLines(doc, text, room, WRAPPED_LINES)
          : [text];
      }),
    );
    const natural = rows.map((cells) => Math.max(...cells.map((l) => l.length)) * leading + pad);
    const total = natural.reduce((sum, h) => sum + h, 0);
    if (total > TABLE_ROOM && k < sizes.length - 1) continue;
    const spare = Math.max(0, (TABLE_ROOM - total) / Math.max(rows.length, 1));
    const heights = natural.map((h) => Math.max(h, Math.min(TALLEST_ROW, leading + pad + spare)));
    return { size, leading, rows, heights };
  }
  throw new Error('unreachable');
}

function drawSubjects(doc: Doc, card: ReportCard, y: number) {
  const columns = columnsOf(card);
  // A combined exam's head has two rows: a component's name above its weight.
  const headH = card.components.length > 0 ? 22 : 16;
  doc.rect(MARGIN, y, WIDTH, headH).fill(SHADE);
  let x = MARGIN;
  const head = { font: BOLD, size: 7.5, color: MUTED } as const;
  for (const c of columns) {
    const i = isComponentColumn(c.key) ? Number(c.key.slice('component-'.length)) : -1;
    const part = card.components[i];
    if (part) {
      line(doc, part.exam.name.toUpperCase(), x + 2, y + 4, c.width - 4, {
        ...head,
        align: 'center',
      });
      line(doc, `${part.weight}%`, x + 2, y + 13, c.width - 4, {
        ...head,
        size: 6.5,
        align: 'center',
      });
    } else {
      line(doc, c.label, x + 4, y + (headH - 6) / 2, c.width - 8, { ...head, align: c.align });
    }
    x += c.width;
  }
  let rowY = y + headH;
  const { size, leading, rows, heights } = layoutRows(doc, card, columns);
  rows.forEach((cells, i) => {
    const rowH = heights[i]!;
    if (i % 2 === 1) doc.rect(MARGIN, rowY, WIDTH, rowH).fill('#fafafa');
    let cx = MARGIN;
    for (const [j, c] of columns.entries()) {
      const lines = cells[j]!;
      const top = rowY + (rowH - ((lines.length - 1) * leading + size)) / 2 + 0.5;
      lines.forEach((text, n) => {
        line(doc, text, cx + 4, top + n * leading, c.width - 8, {
          font: j === 0 ? BOLD : FONT,
          size,
          align: c.align,
        });
      });
      cx += c.width;
    }
    rowY += rowH;
  });
  if (card.subjects.length === 0) {
    line(doc, 'No marks in this exam.', MARGIN + 4, rowY + 4, WIDTH - 8, {
      size: 8.5,
      color: MUTED,
    });
    rowY += TALLEST_ROW;
  }
  doc
    .rect(MARGIN, y, WIDTH, rowY - y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  const note = componentsNote(card);
  if (note) {
    line(doc, note, MARGIN, rowY + 4, WIDTH, { size: 7, color: MUTED });
    rowY += 10;
  }
  return rowY + 12;
}

/** The trend chart: the student's mean in each exam of the year, as a line of vector paths. */
function drawTrend(doc: Doc, card: ReportCard, x: number, y: number, w: number, h: number) {
  const kcse = usesKcsePoints(card);
  const top = trendScaleTop(card);
  line(doc, kcse ? 'MEAN POINTS THIS YEAR' : 'MEAN MARK THIS YEAR', x, y, w, {
    font: BOLD,
    size: 7.5,
    color: MUTED,
  });
  const frame = { x: x + 22, y: y + 14, w: w - 24, h: h - 34 };
  // The points sit inside the frame, clear of its edges and the scale's labels.
  const plot = { x: frame.x + 16, y: frame.y, w: frame.w - 32, h: frame.h };
  doc.lineWidth(0.4).strokeColor('#e5e7eb');
  for (let i = 0; i <= 4; i += 1) {
    const gy = plot.y + (plot.h * i) / 4;
    doc
      .moveTo(frame.x, gy)
      .lineTo(frame.x + frame.w, gy)
      .stroke();
    line(doc, formatResultNumber((top * (4 - i)) / 4), x, gy - 3, 19, {
      size: 6,
      color: MUTED,
      align: 'right',
    });
  }
  doc.rect(frame.x, frame.y, frame.w, frame.h).lineWidth(0.5).strokeColor(RULE).stroke();
  const n = card.trend.length;
  if (n === 0) return;
  const step = n === 1 ? 0 : plot.w / (n - 1);
  // Many exams' names take turns on two rows, so that each has twice the room.
  const staggered = n > 4;
  const slot = n === 1 ? plot.w : Math.min((staggered ? 2 : 1) * step, 90);
  const points = card.trend.map((t, i) => ({
    x: n === 1 ? plot.x + plot.w / 2 : plot.x + i * step,
    y: t.mean === null ? null : plot.y + plot.h * (1 - Math.min(Math.max(t.mean, 0), top) / top),
    t,
  }));
  // Segments join consecutive exams with a mean; an exam without one breaks the line.
  doc.lineWidth(1.5).strokeColor(BRAND);
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (a.y !== null && b.y !== null) doc.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke();
  }
  for (const [i, p] of points.entries()) {
    const lx = Math.min(Math.max(p.x - slot / 2, x), x + w - slot);
    const ly = plot.y + plot.h + 4 + (staggered && i % 2 ? 7 : 0);
    line(doc, p.t.name, lx, ly, slot, { size: 6, color: MUTED, align: 'center' });
    if (p.y === null) continue;
    doc.circle(p.x, p.y, 2.2).fill(BRAND);
    line(doc, formatResultNumber(p.t.mean!), p.x - 20, p.y - 10, 40, {
      font: BOLD,
      size: 6.5,
      align: 'center',
    });
  }
}

function drawRemarks(doc: Doc, card: ReportCard, x: number, y: number, w: number, h: number) {
  const blocks: [string, string][] = [
    ["CLASS TEACHER'S REMARKS", card.remarks.class_teacher],
    ["PRINCIPAL'S REMARKS", card.remarks.principal],
  ];
  const blockH = h / 2;
  blocks.forEach(([label, text], i) => {
    const by = y + i * blockH;
    line(doc, label, x, by, w, { font: BOLD, size: 7.5, color: MUTED });
    // A long remark is set smaller before it is cut.
    const room = blockH - 34;
    doc.font(FONT).fillColor(INK);
    const size =
      [8.5, 7.5, 6.5].find((s) => doc.fontSize(s).heightOfString(text, { width: w }) <= room) ??
      6.5;
    doc.fontSize(size).text(text, x, by + 11, { width: w, height: room, ellipsis: true });
    const signY = by + blockH - 12;
    doc.lineWidth(0.5).strokeColor(RULE);
    doc
      .moveTo(x + 44, signY)
      .lineTo(x + w * 0.6, signY)
      .stroke();
    doc
      .moveTo(x + w * 0.6 + 36, signY)
      .lineTo(x + w, signY)
      .stroke();
    line(doc, 'Signature', x, signY - 7, 42, { size: 7, color: MUTED });
    line(doc, 'Date', x + w * 0.6 + 8, signY - 7, 28, { size: 7, color: MUTED });
  });
}

const FOOTER_H = 38;
const PAGE_BOTTOM = A4[1] - MARGIN;

function drawPage(doc: Doc, card: ReportCard, crest: OpenedImage | null, photo: Buffer | null) {
  let y = drawHeader(doc, card, crest);
  y = drawStudent(doc, card, y, photo);
  y = drawSummary(doc, card, y);
  y = drawSubjects(doc, card, y);
  // The chart and the remarks share what the table leaves, above the footer at the page's foot.
  const footY = PAGE_BOTTOM - FOOTER_H;
  const blockH = Math.min(footY - y - 10, 220);
  const chartW = 220;
  drawTrend(doc, card, MARGIN, y, chartW, Math.min(blockH, 160));
  drawRemarks(doc, card, MARGIN + chartW + 18, y, WIDTH - chartW - 18, blockH);
  doc
    .moveTo(MARGIN, footY)
    .lineTo(MARGIN + WIDTH, footY)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const opens = nextTermLine(card) ?? '';
  line(doc, opens, MARGIN, footY + 8, WIDTH / 2, { font: BOLD, size: 9 });
  line(doc, attendanceLine(card), MARGIN, footY + 19, WIDTH / 2, { size: 8 });
  const fees = feeBalanceLine(card);
  if (fees) line(doc, fees, MARGIN, footY + 29, WIDTH / 2, { font: BOLD, size: 8 });
  line(doc, "Parent's / guardian's signature", MARGIN + WIDTH / 2, footY + 8, WIDTH / 2 - 140, {
    size: 7.5,
    color: MUTED,
    align: 'right',
  });
  doc
    .moveTo(MARGIN + WIDTH - 130, footY + 16)
    .lineTo(MARGIN + WIDTH, footY + 16)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** One PDF with one A4 page per card, in the order given. */
export async function renderReportCardsPdf(
  cards: ReportCard[],
  { dataDir }: ReportCardsPdfOptions = {},
): Promise<Buffer> {
  const first = cards[0];
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: first
        ? cards.length === 1
          ? `${first.title} · ${first.student.name}`
          : first.title
        : 'Report forms',
      Author: first?.school.name ?? 'Shule',
      Creator: 'Shule',
    },
  });
  rememberEncodings(doc, [FONT, BOLD]);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const image = (url: string | null, maxBytes?: number) =>
    dataDir ? readThumbnail(dataDir, url, { maxBytes }) : Promise.resolve(null);
  const logo = await image(first?.school.logo ?? null);
  let crest: OpenedImage | null = null;
  if (logo) {
    try {
      crest = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(logo);
    } catch {
      crest = null;
    }
  }
  const photos = await Promise.all(
    cards.map((card) => image(card.student.photo, MAX_EMBEDDED_PHOTO_BYTES)),
  );
  cards.forEach((card, i) => {
    doc.addPage({ size: A4, margin: MARGIN });
    drawPage(doc, card, crest, photos[i] ?? null);
  });
  if (cards.length === 0) doc.addPage({ size: A4, margin: MARGIN });
  doc.end();
  return done;
}

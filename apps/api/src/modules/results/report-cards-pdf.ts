import { kjseaLevelsLine } from '@shule/shared/kjsea';
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
import { drawKeyValues } from '../../pdf/blocks';
import { drawSchoolHeader } from '../../pdf/header';
import { COLORS, type Doc, drawLine, drawRule, FONTS, Printout } from '../../pdf/page';
import { drawTable, measureTable, stretchRows, type TableColumn } from '../../pdf/table';
import { readThumbnail } from '../uploads/index';

/**
 * Report forms as one PDF, an A4 portrait page per student, in the layout Kenyan parents know
 * (the one Kenyan secondary schools send home): the school's header, the title, the student, the summary boxes
 * with the previous exam's beside them, a row per subject, the chart of the year's means, the
 * remarks with signature lines and the next term's opening date.
 *
 * The header, the student's labels, the subjects' table and the footers come from the PDF kit
 * (pdf/); the summary boxes, the chart and the remarks are the form's own.
 */

export interface ReportCardsPdfOptions {
  /** The data folder, where the crest's and photos' thumbnails are; without it, none are drawn. */
  dataDir?: string;
}

/**
 * A photo's thumbnail bigger than this is left off: pdfkit embeds an image as it is, and a form
 * keeps within its 60 KB a page. Thumbnails (at most 400 pixels, JPEG) are made at upload.
 */
export const MAX_EMBEDDED_PHOTO_BYTES = 40 * 1024;

const MARGIN = 36;
const MARGINS = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
const WIDTH = 595.28 - 2 * MARGIN;
const PAGE_BOTTOM = 841.89 - MARGIN;
const { ink: INK, muted: MUTED, rule: RULE, brand: BRAND, shade: SHADE } = COLORS;
const FONT = FONTS.regular;
const BOLD = FONTS.bold;
const line = drawLine;

function drawStudent(printout: Printout, card: ReportCard, y: number, photo: Buffer | null) {
  const { doc } = printout;
  const photoW = 62;
  const photoH = 74;
  const fields: [string, string][] = [
    ['NAME', card.student.name.toUpperCase()],
    ['ADM NO', card.student.admission_number],
    ['STREAM', card.student.class.name],
  ];
  if (card.student.level) fields.push(['LEVEL', card.student.level]);
  printout.y = y + 4;
  drawKeyValues(printout, fields, {
    labelWidth: 62,
    width: WIDTH - photoW - 18,
    labelSize: 8,
    valueSize: 10.5,
    spacing: 16,
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

/** A senior-school learner's KJSEA result, the baseline their results are read against. */
function drawKjseaBaseline(doc: Doc, card: ReportCard, y: number) {
  const baseline = card.kjsea;
  if (!baseline) return y;
  const h = 30;
  const labelW = 110;
  doc.rect(MARGIN, y, WIDTH, h).lineWidth(0.75).strokeColor(RULE).stroke();
  doc.rect(MARGIN, y, labelW, h).fill(SHADE);
  line(doc, 'KJSEA BASELINE', MARGIN + 6, y + 5, labelW - 12, {
    font: BOLD,
    size: 7,
    color: MUTED,
  });
  line(
    doc,
    `${baseline.total_points} / ${baseline.out_of} points`,
    MARGIN + 6,
    y + 15,
    labelW - 12,
    {
      font: BOLD,
      size: 10,
    },
  );
  doc
    .font(FONT)
    .fontSize(7.5)
    .fillColor(INK)
    .text(kjseaLevelsLine(baseline), MARGIN + labelW + 8, y + 5, {
      width: WIDTH - labelW - 16,
      height: h - 8,
      ellipsis: true,
    });
  return y + h + 10;
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

/** The table's text columns, whose long cells (a subject's name, teachers) wrap onto two lines. */
const WRAPPED: readonly SubjectColumn['key'][] = ['subject', 'comment', 'teacher'];
const WRAPPED_LINES = 2;
/** The height the subjects' rows share before the chart and the remarks below lose room. */
const TABLE_ROOM = 266;
/** A row's height is never more than this, however few the subjects. */
const TALLEST_ROW = 19;
const SUBJECT_SIZES = [8.5, 7.5, 6.5];

/**
 * The subjects' table at the largest size whose rows fit the table's room: a row is as tall as
 * its most wrapped cell, and one-line rows share what room is left, up to 19 pt. A combined
 * exam's head has two rows: a component's name above its weight.
 */
function drawSubjects(printout: Printout, card: ReportCard) {
  const { doc } = printout;
  const laidOut = columnsOf(card);
  const columns: TableColumn[] = laidOut.map((c) => {
    const part = isComponentColumn(c.key)
      ? card.components[Number(c.key.slice('component-'.length))]
      : undefined;
    return {
      head: part ? `${part.exam.name.toUpperCase()}\n${part.weight}%` : c.label,
      width: c.width,
      align: c.align,
      font: c.key === 'subject' ? BOLD : undefined,
      lines: WRAPPED.includes(c.key) ? WRAPPED_LINES : 1,
    };
  });
  const rows = card.subjects.map((row) => ({ cells: laidOut.map((c) => c.cell(row)) }));
  const optionsAt = (fontSize: number) => ({
    fontSize,
    headFontSize: 7.5,
    headHeight: card.components.length > 0 ? 22 : 16,
    paddingEm: 4 / fontSize,
    paddingY: 2.5,
    leadingEm: 1.15,
    rowHeight: 0,
    stretch: { room: TABLE_ROOM, tallest: TALLEST_ROW },
    border: true,
    empty: 'No marks in this exam.',
  });
  const sized = (size: number) => ({
    size,
    measured: measureTable(doc, columns, rows, { ...optionsAt(size), stretch: undefined }),
  });
  let fit = sized(SUBJECT_SIZES[0]!);
  for (const size of SUBJECT_SIZES.slice(1)) {
    if (fit.measured.heights.reduce((sum, h) => sum + h, 0) <= TABLE_ROOM) break;
    fit = sized(size);
  }
  const fontSize = fit.size;
  const measured = fit.measured;
  drawTable(
    printout,
    columns,
    rows,
    optionsAt(fontSize),
    stretchRows(measured, optionsAt(fontSize)),
  );
  const note = componentsNote(card);
  if (note) {
    line(doc, note, MARGIN, printout.y + 4, WIDTH, { size: 7, color: MUTED });
    printout.y += 10;
  }
  printout.y += 12;
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

function drawPage(printout: Printout, card: ReportCard, photo: Buffer | null) {
  const { doc } = printout;
  drawSchoolHeader(printout, { titleStyle: 'band', crestSize: 60, title: card.title });
  printout.y = drawStudent(printout, card, printout.y, photo);
  printout.y = drawSummary(doc, card, printout.y);
  printout.y = drawKjseaBaseline(doc, card, printout.y);
  drawSubjects(printout, card);
  const y = printout.y;
  // The chart and the remarks share what the table leaves, above the form's foot.
  const footY = PAGE_BOTTOM - FOOTER_H;
  const blockH = Math.min(footY - y - 10, 220);
  const chartW = 220;
  drawTrend(doc, card, MARGIN, y, chartW, Math.min(blockH, 160));
  drawRemarks(doc, card, MARGIN + chartW + 18, y, WIDTH - chartW - 18, blockH);
  drawRule(doc, MARGIN, footY, WIDTH, { lineWidth: 0.5 });
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
  drawRule(doc, MARGIN + WIDTH - 130, footY + 16, 130, { lineWidth: 0.5 });
}

const EMPTY_SCHOOL = {
  name: 'Shule',
  postal_address: null,
  phone_number: '',
  email: null,
  motto: null,
};

/** One PDF with one A4 page per card, in the order given. */
export async function renderReportCardsPdf(
  cards: ReportCard[],
  { dataDir }: ReportCardsPdfOptions = {},
): Promise<Buffer> {
  const first = cards[0];
  const image = (url: string | null, maxBytes?: number) =>
    dataDir ? readThumbnail(dataDir, url, { maxBytes }) : Promise.resolve(null);
  const [crest, photos] = await Promise.all([
    image(first?.school.logo ?? null),
    Promise.all(cards.map((card) => image(card.student.photo, MAX_EMBEDDED_PHOTO_BYTES))),
  ]);
  const printout = new Printout({
    margins: MARGINS,
    school: first?.school ?? EMPTY_SCHOOL,
    title: first?.title ?? 'Report forms',
    documentTitle: first
      ? cards.length === 1
        ? `${first.title} · ${first.student.name}`
        : first.title
      : 'Report forms',
    crest,
    pageCount: Math.max(cards.length, 1),
  });
  printout.setFooter((page) => {
    const card = cards[page];
    return card ? `${card.student.name} · ${card.student.admission_number}` : '';
  });
  cards.forEach((card, i) => {
    if (i > 0) printout.newPage({ running: false });
    drawPage(printout, card, photos[i] ?? null);
  });
  return printout.finish();
}

import type { School } from '@shule/shared/schools';
import PDFDocument from 'pdfkit';

/**
 * The one PDF kit every printout of Shule lays out with: this file opens the document (its
 * fonts, colours and pages), header.ts draws the school, table.ts the tables, blocks.ts the
 * headings, label-and-value blocks and the key to codes. Every page ends with the footer drawn
 * by `finish`: "Printed <date> · Page x of y".
 */
export type Doc = PDFKit.PDFDocument;
export type Margins = { top: number; bottom: number; left: number; right: number };
export type Align = 'left' | 'center' | 'right';

/**
 * The fonts every printout uses, by what they are for: the standard Helvetica faces, so that no
 * font is embedded and a page stays small. Opened once a document (pdfkit keeps each face it
 * opened by its name) and made to remember their measures when the document opens.
 */
export const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
} as const;
export type FontName = (typeof FONTS)[keyof typeof FONTS];

export const COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  rule: '#9aa3ad',
  zebra: '#eef1f4',
  head: '#d9dee4',
  shade: '#f3f4f6',
  brand: '#14532d',
} as const;

/** The margins of a list a person reads on portrait or landscape A4 (an analysis, a record). */
export const LIST_MARGINS: Margins = { top: 28, bottom: 34, left: 28, right: 28 };

/** No printout sets text smaller than this, however many columns it fits on a page. */
export const SMALLEST_TEXT_SIZE = 5;

/** pdfkit puts the baseline one ascender (0.718 em in Helvetica, its capitals' height) below y. */
export const CAP_HEIGHT_EM = 0.718;

/** An image opened once by pdfkit and drawn on many pages (the crest): embedded once. */
export type OpenedImage = { width: number; height: number };

/** What a printout's header says of the school. */
export type PrintedSchool = Pick<
  School,
  'name' | 'postal_address' | 'phone_number' | 'email' | 'motto'
> &
  Partial<Pick<School, 'county'>>;

export interface PrintOptions {
  /** The school's crest (JPEG or PNG bytes); left out when null or not an image pdfkit reads. */
  crest?: Buffer | null;
  /** The date printed in the footer; today by default. */
  printedOn?: Date;
}

export interface PrintoutOptions {
  size?: 'A4' | 'A5';
  layout?: 'portrait' | 'landscape';
  margins: Margins;
  school: PrintedSchool;
  /** The title under the school's name, and the document's title with the school's name. */
  title: string;
  /** What pages after the first carry beside the school's name; the title by default. */
  runningTitle?: string;
  /** The document's title in its properties, when it is not the school's name and the title. */
  documentTitle?: string;
  crest?: Buffer | null;
  /**
   * How many pages there will be, when that is known before they are drawn (a form a page):
   * each page's footer is then drawn as the page ends and no page is held in memory.
   */
  pageCount?: number;
}

/** The footer's left-hand text: one for every page, or each page's own (from 0). */
export type Footer = string | ((page: number) => string);

interface StandardFont {
  encode(text: string, features?: unknown): unknown;
  widthOfString(text: string, size: number): number;
}

/**
 * Makes the document's standard fonts remember how they encoded and measured each string:
 * pdfkit works every glyph and kerning pair out on each call, and printouts repeat most of their
 * strings (heads, subjects, grades, numbers). Safe because nothing here justifies text, the one
 * path where pdfkit changes an encoding it was given.
 */
function rememberEncodings(doc: Doc) {
  for (const name of Object.values(FONTS)) {
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
  doc.font(FONTS.regular);
}

function openCrest(doc: Doc, crest: Buffer | null | undefined): OpenedImage | null {
  if (!crest) return null;
  try {
    return (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(crest);
  } catch {
    // Not an image pdfkit can read: the pages are printed without the crest.
    return null;
  }
}

/**
 * A printout being laid out: its document, the school, the crest opened once, and `y`, where
 * the next thing goes on the current page. Pages are buffered until `finish`, so that each
 * footer can say how many there are.
 */
export class Printout {
  readonly doc: Doc;
  readonly margins: Margins;
  readonly school: PrintedSchool;
  readonly title: string;
  readonly runningTitle: string;
  readonly crest: OpenedImage | null;
  y: number;
  private readonly bytes: Promise<Buffer>;
  private readonly pageCount: number | undefined;
  private page = 0;
  private footer: Footer = '';
  private printed = printedLabel(new Date());

  constructor(options: PrintoutOptions) {
    this.margins = options.margins;
    this.school = options.school;
    this.title = options.title;
    this.runningTitle = options.runningTitle ?? options.title;
    this.doc = new PDFDocument({
      size: options.size ?? 'A4',
      layout: options.layout ?? 'portrait',
      margins: options.margins,
      bufferPages: options.pageCount === undefined,
      info: {
        Title: options.documentTitle ?? `${options.school.name} · ${options.title}`,
        Author: options.school.name,
        Creator: 'Shule',
      },
    });
    const chunks: Buffer[] = [];
    this.bytes = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    rememberEncodings(this.doc);
    this.crest = openCrest(this.doc, options.crest);
    this.y = options.margins.top;
    this.pageCount = options.pageCount;
  }

  /** What the footers say, when pages are footed as they end (see `pageCount`). */
  setFooter(footer: Footer, printedOn = new Date()) {
    this.footer = footer;
    this.printed = printedLabel(printedOn);
  }

  get left() {
    return this.margins.left;
  }

  get right() {
    return this.doc.page.width - this.margins.right;
  }

  get width() {
    return this.right - this.left;
  }

  /** Where the page's content ends: the footer is printed in the bottom margin. */
  get bottom() {
    return this.doc.page.height - this.margins.bottom;
  }

  fits(height: number) {
    return this.y + height <= this.bottom;
  }

  /**
   * A new page with the school and the running title in one small line at its top; a blank
   * one with `running: false` (a report form's page is a form of its own).
   */
  newPage({ running = true } = {}) {
    if (this.pageCount !== undefined) this.drawFooter(this.page, this.pageCount);
    this.page += 1;
    this.doc.addPage();
    const { doc, margins } = this;
    this.y = margins.top;
    if (!running) return;
    doc.font(FONTS.bold).fontSize(7.5).fillColor('black');
    doc.text(`${this.school.name.toUpperCase()}  ·  ${this.runningTitle}`, this.left, margins.top, {
      lineBreak: false,
    });
    this.y = margins.top + 7.5 * 1.6 + 2;
  }

  /** A new page when `height` does not fit on this one. */
  makeRoom(height: number) {
    if (!this.fits(height)) this.newPage();
  }

  /**
   * Every page's footer (`footer` on the left, "Printed <date> · Page n of N" on the right),
   * then the document's bytes.
   */
  finish(footer?: Footer, printedOn?: Date): Promise<Buffer> {
    if (footer !== undefined) this.setFooter(footer, printedOn);
    if (this.pageCount !== undefined) {
      this.drawFooter(this.page, this.pageCount);
    } else {
      const { start, count } = this.doc.bufferedPageRange();
      for (let i = 0; i < count; i++) {
        this.doc.switchToPage(start + i);
        this.drawFooter(i, count);
      }
    }
    this.doc.end();
    return this.bytes;
  }

  private drawFooter(page: number, count: number) {
    const { doc, margins } = this;
    const y = doc.page.height - margins.bottom + 10;
    const pageLabel = `${this.printed}  ·  Page ${page + 1} of ${count}`;
    doc.font(FONTS.regular).fontSize(7).fillColor('#333333');
    const labelWidth = doc.widthOfString(pageLabel);
    doc.text(pageLabel, this.right - labelWidth, y, { lineBreak: false });
    const left = typeof this.footer === 'function' ? this.footer(page) : this.footer;
    doc.font(FONTS.italic);
    doc.text(fitLine(doc, left, this.width - labelWidth - 12), margins.left, y, {
      lineBreak: false,
    });
  }
}

/** "Printed 3 Dec 2026", the day in Nairobi: worked out once a printout (Intl is slow). */
const printedLabel = (printedOn: Date) =>
  `Printed ${printedOn.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' })}`;

/** `text` cut with an ellipsis to fit `width` at the current font and size. */
export function fitLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 1 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * One line of text in the box from `x` of `width`, in `font` at `size`, cut to fit. Placed by
 * hand rather than through pdfkit's line wrapping, which measures every word again.
 */
export function drawLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  {
    font = FONTS.regular as FontName,
    size = 9,
    color = COLORS.ink as string,
    align = 'left' as Align,
  } = {},
) {
  if (!text) return;
  doc.font(font).fontSize(size).fillColor(color);
  const shown = fitLine(doc, text, width);
  const shownWidth = doc.widthOfString(shown);
  const offset =
    align === 'center' ? (width - shownWidth) / 2 : align === 'right' ? width - shownWidth : 0;
  doc.text(shown, x + offset, y, { lineBreak: false });
}

/** A horizontal rule across `width` from `x`. */
export function drawRule(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  { color = COLORS.rule as string, lineWidth = 0.6 } = {},
) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(lineWidth)
    .strokeColor(color)
    .stroke();
}

import type { School } from '@shule/shared/schools';
import PDFDocument from 'pdfkit';

/**
 * What the A4 lists of results share (the merit list, the analysis): the document and its bytes,
 * the school's header, the running header of later pages, one-line cells and the footers.
 */
export type Doc = InstanceType<typeof PDFDocument>;
export type Margins = { top: number; bottom: number; left: number; right: number };

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const ZEBRA = '#eef1f4';
export const HEAD_FILL = '#d9dee4';
export const RULE = '#9aa3ad';

export interface ListPdfOptions {
  /** The school's crest (JPEG or PNG bytes); left out when null or not an image pdfkit reads. */
  crest?: Buffer | null;
  /** The date printed in the footer; today by default. */
  printedOn?: Date;
}

/** A buffered A4 document and the promise of its bytes once `doc.end()` is called. */
export function a4Document(options: {
  layout?: 'portrait' | 'landscape';
  margins: Margins;
  school: School;
  title: string;
}) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: options.margins,
    bufferPages: true,
    info: {
      Title: `${options.school.name} · ${options.title}`,
      Author: options.school.name,
      Creator: 'Shule',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * The first page's header: the crest on the left, the school's name, motto, P.O. Box and
 * contacts centred, the title, then `notes` in small type, one line each. Answers the y below
 * it. Every PDF but the report form (its own layout) prints this one.
 */
export function drawSchoolHeader(
  doc: Doc,
  margins: Margins,
  school: School,
  title: string,
  crest: Buffer | null,
  notes: string[],
): number {
  const left = margins.left;
  const width = doc.page.width - margins.left - margins.right;
  const crestSize = 52;
  let hasCrest = false;
  if (crest) {
    try {
      doc.image(crest, left, margins.top, { fit: [crestSize, crestSize] });
      hasCrest = true;
    } catch {
      // Not an image pdfkit can read: the page is printed without the crest.
    }
  }
  const centred = (text: string, font: string, size: number, y: number) => {
    doc.font(font).fontSize(size);
    const textWidth = doc.widthOfString(text);
    doc.text(text, left + Math.max(0, (width - textWidth) / 2), y, { lineBreak: false });
    return y + size * 1.3;
  };
  doc.fillColor('black');
  let y = centred(school.name.toUpperCase(), BOLD, 15, margins.top);
  if (school.motto) y = centred(`“${school.motto}”`, 'Helvetica-Oblique', 8.5, y);
  const address = school.postal_address ?? (school.county ? `${school.county} County` : '');
  if (address) y = centred(address, REGULAR, 8.5, y);
  const contacts = [
    school.phone_number && `Tel: ${school.phone_number}`,
    school.email && `Email: ${school.email}`,
  ].filter(Boolean);
  if (contacts.length > 0) y = centred(contacts.join('  ·  '), REGULAR, 8.5, y);
  if (hasCrest) y = Math.max(y, margins.top + crestSize + 2);
  y += 4;
  y = centred(title, BOLD, 11, y);
  for (const note of notes) y = centred(note, REGULAR, 7.5, y);
  return y + 3;
}

/** Pages after the first carry the school and the title in one small line. */
export function drawRunningHeader(doc: Doc, margins: Margins, school: School, title: string) {
  doc.font(BOLD).fontSize(7.5).fillColor('black');
  doc.text(`${school.name.toUpperCase()}  ·  ${title}`, margins.left, margins.top, {
    lineBreak: false,
  });
  return margins.top + 7.5 * 1.6;
}

/** One line of text in a cell, cut with an ellipsis when it does not fit, never wrapped. */
export function drawCell(
  doc: Doc,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  align: 'left' | 'center' | 'right',
  fontSize: number,
  paddingEm: number,
) {
  if (!text) return;
  const padding = paddingEm * fontSize;
  const room = box.width - 2 * padding;
  let shown = text;
  if (doc.widthOfString(shown) > room) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > room) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}…`;
  }
  const textWidth = doc.widthOfString(shown);
  const left =
    align === 'right'
      ? box.x + box.width - padding - textWidth
      : align === 'center'
        ? box.x + (box.width - textWidth) / 2
        : box.x + padding;
  // pdfkit puts the baseline one ascender (0.718 em in Helvetica, as tall as its capitals)
  // below y: this centres the capitals in the row.
  doc.text(shown, left, box.y + (box.height - fontSize * 0.718) / 2, { lineBreak: false });
}

/** Every page's footer: `footer` on the left, the date printed and "Page n of N" on the right. */
export function drawFooters(doc: Doc, margins: Margins, footer: string, printedOn: Date) {
  const { start, count } = doc.bufferedPageRange();
  const printed = `Printed ${printedOn.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' })}`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - margins.bottom + 10;
    const right = doc.page.width - margins.right;
    doc.font('Helvetica-Oblique').fontSize(7).fillColor('#333333');
    doc.text(footer, margins.left, y, { lineBreak: false });
    doc.font(REGULAR);
    const pageLabel = `${printed}  ·  Page ${i - start + 1} of ${count}`;
    doc.text(pageLabel, right - doc.widthOfString(pageLabel), y, { lineBreak: false });
  }
}

import { COLORS, drawLine, FONTS, type Printout } from './page';

export interface HeaderOptions {
  /** Lines in small type under the title (what the codes mean, what is compared). */
  notes?: string[];
  /** `band`: the title in white on the school's colour across the page, as a report form has. */
  titleStyle?: 'plain' | 'band';
  crestSize?: number;
  /** The title of this page when it is not the printout's (one report form of a class's). */
  title?: string;
}

/** The sizes a school's name is tried at, largest first, until it fits its line. */
const NAME_SIZES = [15, 13, 11.5, 10];

/**
 * The first page's header: the crest on the left (when the school has one), the school's name,
 * motto, postal address and contacts centred, then the title and `notes`. Moves `y` below it.
 */
export function drawSchoolHeader(printout: Printout, options: HeaderOptions = {}) {
  const { doc, school, crest } = printout;
  const crestSize = options.crestSize ?? 52;
  const top = printout.y;
  const title = options.title ?? printout.title;
  if (crest) {
    doc.image(crest as unknown as Buffer, printout.left, top, {
      fit: [crestSize, crestSize],
      align: 'center',
    });
  }
  // The school's lines keep clear of the crest on both sides, so that they stay centred.
  const inset = crest ? crestSize + 8 : 0;
  const x = printout.left + inset;
  const width = printout.width - 2 * inset;
  const name = school.name.toUpperCase();
  doc.font(FONTS.bold);
  const nameSize =
    NAME_SIZES.find((size) => doc.fontSize(size).widthOfString(name) <= width) ??
    NAME_SIZES.at(-1)!;
  drawLine(doc, name, x, top, width, { font: FONTS.bold, size: nameSize, align: 'center' });
  let y = top + nameSize * 1.3;
  const small = (text: string, font: (typeof FONTS)[keyof typeof FONTS] = FONTS.regular) => {
    drawLine(doc, text, x, y, width, { font, size: 8.5, color: COLORS.ink, align: 'center' });
    y += 8.5 * 1.3;
  };
  if (school.motto) small(`“${school.motto}”`, FONTS.italic);
  const address = school.postal_address ?? (school.county ? `${school.county} County` : '');
  if (address) small(address);
  const contacts = [
    school.phone_number && `Tel: ${school.phone_number}`,
    school.email && `Email: ${school.email}`,
  ].filter(Boolean);
  if (contacts.length > 0) small(contacts.join('  ·  '));
  if (crest) y = Math.max(y, top + crestSize + 2);
  y += 4;
  if (options.titleStyle === 'band') {
    doc.rect(printout.left, y, printout.width, 20).fill(COLORS.brand);
    drawLine(doc, title, printout.left + 6, y + 6, printout.width - 12, {
      font: FONTS.bold,
      size: 10,
      color: '#ffffff',
      align: 'center',
    });
    y += 28;
  } else {
    drawLine(doc, title, printout.left, y, printout.width, {
      font: FONTS.bold,
      size: 11,
      align: 'center',
    });
    y += 11 * 1.3;
  }
  for (const note of options.notes ?? []) {
    drawLine(doc, note, printout.left, y, printout.width, { size: 7.5, align: 'center' });
    y += 7.5 * 1.3;
  }
  printout.y = y + 3;
}

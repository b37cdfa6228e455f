import { COLORS, drawLine, drawRule, FONTS, type Printout } from './page';

/** A section's heading in bold from `y`, which moves below it. */
export function drawHeading(printout: Printout, text: string) {
  const { doc } = printout;
  doc.font(FONTS.bold).fontSize(9.5).fillColor('black');
  doc.text(text, printout.left, printout.y + 6, { lineBreak: false });
  printout.y += 22;
}

export interface KeyValueOptions {
  labelWidth?: number;
  /** How wide the block is from the left margin; the page's width by default. */
  width?: number;
  labelSize?: number;
  valueSize?: number;
  /** From one line to the next. */
  spacing?: number;
  /** A rule under each value, as a form's filled-in line. */
  rules?: boolean;
}

/** Labels in small muted type, each with its value in bold beside it, one pair a line. */
export function drawKeyValues(
  printout: Printout,
  pairs: readonly (readonly [string, string])[],
  options: KeyValueOptions = {},
) {
  const { doc } = printout;
  const labelWidth = options.labelWidth ?? 110;
  const width = options.width ?? printout.width;
  const labelSize = options.labelSize ?? 9;
  const valueSize = options.valueSize ?? 10;
  const spacing = options.spacing ?? 18;
  const left = printout.left;
  for (const [label, value] of pairs) {
    const y = printout.y;
    drawLine(doc, label, left, y + 1, labelWidth - 4, {
      size: labelSize,
      color: COLORS.muted,
    });
    drawLine(doc, value, left + labelWidth, y, width - labelWidth, {
      font: FONTS.bold,
      size: valueSize,
    });
    if (options.rules) {
      drawRule(doc, left + labelWidth, y + valueSize + 2, width - labelWidth, { lineWidth: 0.4 });
    }
    printout.y = y + spacing;
  }
}

/** A code and the words it stands for: 'GR' and 'Mean grade', 'X' and 'Absent'. */
export type CodeWords = readonly [code: string, words: string];

/** The key to codes as one line of text: "GR mean grade · X absent". */
export const codeKeyText = (entries: readonly CodeWords[]) =>
  entries.map(([code, words]) => `${code} ${words}`).join('  ·  ');

/**
 * The words beside the codes a printout uses ("Key: ENG English · GR Mean grade"), each code in
 * bold, flowing over as many lines of the page's width as it needs, from `y`.
 */
export function drawCodeKey(
  printout: Printout,
  entries: readonly CodeWords[],
  { size = 6.5, label = 'Key:' } = {},
) {
  if (entries.length === 0) return;
  const { doc } = printout;
  const leading = size * 1.45;
  const right = printout.right;
  const gap = doc.font(FONTS.regular).fontSize(size).widthOfString('  ·  ');
  let x = printout.left;
  let y = printout.y + 4;
  doc.fillColor(COLORS.muted);
  const put = (text: string, font: (typeof FONTS)[keyof typeof FONTS]) => {
    doc.font(font).fontSize(size);
    doc.text(text, x, y, { lineBreak: false });
    x += doc.widthOfString(text);
  };
  doc.font(FONTS.bold).fontSize(size);
  put(`${label} `, FONTS.bold);
  entries.forEach(([code, words], i) => {
    doc.font(FONTS.bold).fontSize(size);
    const codeWidth = doc.widthOfString(`${code} `);
    doc.font(FONTS.regular);
    const entryWidth = codeWidth + doc.widthOfString(words) + (i > 0 ? gap : 0);
    if (x + entryWidth > right && x > printout.left) {
      y += leading;
      x = printout.left;
      if (y + leading > printout.bottom) {
        printout.newPage();
        y = printout.y;
        doc.fillColor(COLORS.muted);
      }
    } else if (i > 0) {
      put('  ·  ', FONTS.regular);
    }
    put(`${code} `, FONTS.bold);
    put(words, FONTS.regular);
  });
  printout.y = y + leading + 2;
}

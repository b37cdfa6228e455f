import type { ReadableDataExport, ReadableSection } from '@shule/shared/privacy-readable';
import type { School } from '@shule/shared/schools';
import { drawSchoolHeader } from '../../pdf/header';
import { type Doc, FONTS, LIST_MARGINS, type PrintOptions, Printout } from '../../pdf/page';
import { drawTable } from '../../pdf/table';

/**
 * A parent's data download as landscape A4 pages a person reads: the school's header, then each
 * section of readableDataExport (the child and the parent as label and value, each kind of
 * record as a table whose cells wrap), its heads repeated on a new page.
 */

const SIZE = 7.5;
const PAD = 3;
/** A cell is never more lines than this: a long SMS is cut there (the CSV holds it whole). */
const MAX_LINES = 8;
const FOOTER = "Personal data: for the parent's own use";

/** Widths for `section`'s columns: by how much text each holds, within the page's width. */
function widthsOf(doc: Doc, section: ReadableSection, width: number): number[] {
  if (section.kind === 'fields') return [170, Math.min(width - 170, 400)];
  const wants = section.columns.map((head, j) => {
    const longest = Math.max(
      doc.font(FONTS.bold).fontSize(SIZE).widthOfString(head),
      ...section.rows.map((r) =>
        doc
          .font(FONTS.regular)
          .fontSize(SIZE)
          .widthOfString(r[j] ?? ''),
      ),
    );
    return Math.min(Math.max(longest + 2 * PAD, 40), 260);
  });
  const total = wants.reduce((s, w) => s + w, 0);
  const scale = total > width ? width / total : 1;
  return wants.map((w) => w * scale);
}

export function renderDataExportPdf(
  readable: ReadableDataExport,
  school: School,
  options: PrintOptions = {},
): Promise<Buffer> {
  const printout = new Printout({
    layout: 'landscape',
    margins: LIST_MARGINS,
    school,
    title: readable.title,
    crest: options.crest,
  });
  drawSchoolHeader(printout, { notes: readable.notes });
  for (const section of readable.sections) {
    const widths = widthsOf(printout.doc, section, printout.width);
    const heads = section.kind === 'table' ? section.columns : ['', ''];
    drawTable(
      printout,
      heads.map((head, j) => ({
        head,
        width: widths[j]!,
        lines: MAX_LINES,
        font: section.kind === 'fields' && j === 0 ? FONTS.bold : undefined,
      })),
      section.rows.map((cells) => ({ cells })),
      {
        fontSize: SIZE,
        paddingEm: PAD / SIZE,
        rowHeight: SIZE * 1.2 + 2 * PAD,
        alignTop: true,
        rules: true,
        headless: section.kind === 'fields',
        title: section.title,
        empty: 'Nothing held.',
      },
    );
  }
  return printout.finish(FOOTER, options.printedOn);
}

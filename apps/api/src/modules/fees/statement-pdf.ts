import type { FeeStatement } from '@shule/shared/fee-ledger';
import { formatKes, VOTE_HEAD_LABELS } from '@shule/shared/fees';
import type { School } from '@shule/shared/schools';
import {
  a4Document,
  BOLD,
  drawCell,
  drawFooters,
  drawRunningHeader,
  drawSchoolHeader,
  HEAD_FILL,
  type Margins,
  REGULAR,
  RULE,
  ZEBRA,
} from '../../pdf/old-page';

/**
 * A student's fee statement on A4: the school's header, the student, every ledger entry with
 * its debit or credit and the running balance, the totals, and (by vote head) what was charged
 * and paid under each head. Long statements run on to more pages with the column heads again.
 */

const MARGINS: Margins = { top: 36, bottom: 40, left: 36, right: 36 };
const ROW = 15;
const FONT_SIZE = 8;

const COLUMNS = [
  { title: 'Date', width: 58, align: 'left' },
  { title: 'Description', width: 215, align: 'left' },
  { title: 'Receipt', width: 40, align: 'center' },
  { title: 'Debit (KES)', width: 68, align: 'right' },
  { title: 'Credit (KES)', width: 68, align: 'right' },
  { title: 'Balance (KES)', width: 74.28, align: 'right' },
] as const;

const nairobiDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });

export const statementFileName = (statement: FeeStatement) =>
  `fee-statement-${statement.student.admission_number.replace(/[^A-Za-z0-9-]+/g, '-')}`;

const balanceText = (cents: number) => (cents < 0 ? `${formatKes(-cents)} CR` : formatKes(cents));

export async function renderStatementPdf(
  statement: FeeStatement,
  school: School,
  { crest = null, printedOn = new Date() }: { crest?: Buffer | null; printedOn?: Date } = {},
): Promise<Buffer> {
  const title = 'FEE STATEMENT';
  const { doc, done } = a4Document({ margins: MARGINS, school, title });
  const left = MARGINS.left;
  const width = doc.page.width - MARGINS.left - MARGINS.right;
  const bottom = doc.page.height - MARGINS.bottom - 4;
  const { student } = statement;
  const who = `${student.first_name} ${student.last_name}`;

  let y = drawSchoolHeader(doc, MARGINS, school, title, crest, []);
  // The student, in a band.
  y += 4;
  doc.rect(left, y, width, 34).fill('#f3f4f6');
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(10)
    .text(who, left + 8, y + 6, { lineBreak: false });
  doc.font(REGULAR).fontSize(8.5);
  doc.text(
    `Admission number ${student.admission_number}  ·  ${student.class.name}`,
    left + 8,
    y + 20,
    { lineBreak: false },
  );
  const owed =
    statement.balance_cents > 0
      ? `Balance due: KES ${formatKes(statement.balance_cents)}`
      : statement.balance_cents < 0
        ? `Carried forward: KES ${formatKes(-statement.balance_cents)}`
        : 'Fully paid';
  doc.font(BOLD).fontSize(11);
  doc.text(owed, left + width - 8 - doc.widthOfString(owed), y + 11, { lineBreak: false });
  y += 46;

  const head = (top: number) => {
    doc.rect(left, top, width, ROW).fill(HEAD_FILL);
    doc.fillColor('black').font(BOLD).fontSize(FONT_SIZE);
    let x = left;
    for (const column of COLUMNS) {
      drawCell(
        doc,
        column.title,
        { x, y: top, width: column.width, height: ROW },
        column.align,
        FONT_SIZE,
        0.4,
      );
      x += column.width;
    }
    return top + ROW;
  };
  y = head(y);

  const row = (cells: string[], index: number, bold = false) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = head(
        drawRunningHeader(doc, MARGINS, school, `${title} · ${who} (${student.admission_number})`) +
          4,
      );
    }
    if (index % 2 === 1) doc.rect(left, y, width, ROW).fill(ZEBRA);
    doc
      .fillColor('black')
      .font(bold ? BOLD : REGULAR)
      .fontSize(FONT_SIZE);
    let x = left;
    for (const [i, column] of COLUMNS.entries()) {
      drawCell(
        doc,
        cells[i] ?? '',
        { x, y, width: column.width, height: ROW },
        column.align,
        FONT_SIZE,
        0.4,
      );
      x += column.width;
    }
    y += ROW;
  };

  if (statement.entries.length === 0) {
    row(['', 'Nothing has been charged or paid yet', '', '', '', '0.00'], 0);
  }
  for (const [i, entry] of statement.entries.entries()) {
    row(
      [
        nairobiDate(entry.date),
        entry.description,
        entry.receipt_number === null ? '' : String(entry.receipt_number),
        entry.amount_cents > 0 ? formatKes(entry.amount_cents) : '',
        entry.amount_cents < 0 ? formatKes(-entry.amount_cents) : '',
        balanceText(entry.balance_cents),
      ],
      i,
    );
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
  // The sums of the columns above, so a reader can add them up (a reversal stands in its own
  // column: the JSON's charged and credited totals are net of reversals instead).
  const columnSum = (sign: 1 | -1) =>
    statement.entries.reduce((sum, e) => sum + Math.max(0, sign * e.amount_cents), 0);
  row(
    [
      '',
      'Totals',
      '',
      formatKes(columnSum(1)),
      formatKes(columnSum(-1)),
      balanceText(statement.balance_cents),
    ],
    0,
    true,
  );

  if (statement.vote_heads) {
    y += 14;
    if (y + ROW * (statement.vote_heads.length + 3) > bottom) {
      doc.addPage();
      y = drawRunningHeader(doc, MARGINS, school, `${title} · ${who}`) + 4;
    }
    doc
      .font(BOLD)
      .fontSize(9.5)
      .fillColor('black')
      .text('By vote head', left, y, { lineBreak: false });
    y += 14;
    const heads = [
      { title: 'Vote head', width: 200, align: 'left' },
      { title: 'Charged (KES)', width: 110, align: 'right' },
      { title: 'Paid (KES)', width: 110, align: 'right' },
      { title: 'Balance (KES)', width: 103.28, align: 'right' },
    ] as const;
    const line = (cells: string[], top: number, fill?: string, bold = false) => {
      if (fill) doc.rect(left, top, width, ROW).fill(fill);
      doc
        .fillColor('black')
        .font(bold ? BOLD : REGULAR)
        .fontSize(FONT_SIZE);
      let x = left;
      for (const [i, column] of heads.entries()) {
        drawCell(
          doc,
          cells[i] ?? '',
          { x, y: top, width: column.width, height: ROW },
          column.align,
          FONT_SIZE,
          0.4,
        );
        x += column.width;
      }
    };
    line(
      heads.map((h) => h.title),
      y,
      HEAD_FILL,
      true,
    );
    y += ROW;
    for (const [i, total] of statement.vote_heads.entries()) {
      line(
        [
          VOTE_HEAD_LABELS[total.vote_head],
          formatKes(total.charged_cents),
          formatKes(total.paid_cents),
          formatKes(total.balance_cents),
        ],
        y,
        i % 2 === 1 ? ZEBRA : undefined,
      );
      y += ROW;
    }
    doc.font(REGULAR).fontSize(7).fillColor('#333333');
    doc.text(
      'Payments and other credits are shared out over the charges oldest first.',
      left,
      y + 4,
      { lineBreak: false },
    );
  }

  drawFooters(
    doc,
    MARGINS,
    `${school.name} · Fee statement of ${who} (${student.admission_number})`,
    printedOn,
  );
  doc.end();
  return done;
}

import type { FeeStatement } from '@shule/shared/fee-ledger';
import { formatKes, VOTE_HEAD_LABELS } from '@shule/shared/fees';
import type { School } from '@shule/shared/schools';
import { drawSchoolHeader } from '../../pdf/header';
import { COLORS, FONTS, type Margins, type PrintOptions, Printout } from '../../pdf/page';
import { drawTable, type TableColumn } from '../../pdf/table';

/**
 * A student's fee statement on A4: the school's header, the student, every ledger entry with
 * its debit or credit and the running balance, the totals, and (by vote head) what was charged
 * and paid under each head. Long statements run on to more pages with the column heads again.
 */

const MARGINS: Margins = { top: 36, bottom: 40, left: 36, right: 36 };
const TABLE = { fontSize: 8, paddingEm: 0.4, rowHeight: 15, headHeight: 15 } as const;

const COLUMNS: TableColumn[] = [
  { head: 'Date', width: 58 },
  { head: 'Description', width: 215, lines: 2 },
  { head: 'Receipt', width: 40, align: 'center' },
  { head: 'Debit (KES)', width: 68, align: 'right' },
  { head: 'Credit (KES)', width: 68, align: 'right' },
  { head: 'Balance (KES)', width: 74.28, align: 'right' },
];

const VOTE_HEAD_COLUMNS: TableColumn[] = [
  { head: 'Vote head', width: 200 },
  { head: 'Charged (KES)', width: 110, align: 'right' },
  { head: 'Paid (KES)', width: 110, align: 'right' },
  { head: 'Balance (KES)', width: 103.28, align: 'right' },
];

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
  { crest = null, printedOn = new Date() }: PrintOptions = {},
): Promise<Buffer> {
  const { student } = statement;
  const who = `${student.first_name} ${student.last_name}`;
  const printout = new Printout({
    margins: MARGINS,
    school,
    title: 'FEE STATEMENT',
    runningTitle: `FEE STATEMENT · ${who} (${student.admission_number})`,
    crest,
  });
  const { doc, left, width } = printout;
  drawSchoolHeader(printout);

  // The student, in a band.
  const y = printout.y + 4;
  doc.rect(left, y, width, 34).fill(COLORS.shade);
  doc
    .fillColor('black')
    .font(FONTS.bold)
    .fontSize(10)
    .text(who, left + 8, y + 6, { lineBreak: false });
  doc.font(FONTS.regular).fontSize(8.5);
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
  doc.font(FONTS.bold).fontSize(11);
  doc.text(owed, left + width - 8 - doc.widthOfString(owed), y + 11, { lineBreak: false });
  printout.y = y + 46;

  const entries =
    statement.entries.length === 0
      ? [{ cells: ['', 'Nothing has been charged or paid yet', '', '', '', '0.00'] }]
      : statement.entries.map((entry) => ({
          cells: [
            nairobiDate(entry.date),
            entry.description,
            entry.receipt_number === null ? '' : String(entry.receipt_number),
            entry.amount_cents > 0 ? formatKes(entry.amount_cents) : '',
            entry.amount_cents < 0 ? formatKes(-entry.amount_cents) : '',
            balanceText(entry.balance_cents),
          ],
        }));
  // The sums of the columns above, so a reader can add them up (a reversal stands in its own
  // column: the JSON's charged and credited totals are net of reversals instead).
  const columnSum = (sign: 1 | -1) =>
    statement.entries.reduce((sum, e) => sum + Math.max(0, sign * e.amount_cents), 0);
  const totals = {
    cells: [
      '',
      'Totals',
      '',
      formatKes(columnSum(1)),
      formatKes(columnSum(-1)),
      balanceText(statement.balance_cents),
    ],
    font: FONTS.bold,
    fill: null,
    ruleAbove: true,
  };
  drawTable(printout, COLUMNS, [...entries, totals], TABLE);

  if (statement.vote_heads) {
    printout.y += 8;
    drawTable(
      printout,
      VOTE_HEAD_COLUMNS,
      statement.vote_heads.map((total) => ({
        cells: [
          VOTE_HEAD_LABELS[total.vote_head],
          formatKes(total.charged_cents),
          formatKes(total.paid_cents),
          formatKes(total.balance_cents),
        ],
      })),
      { ...TABLE, title: 'By vote head', keepRows: statement.vote_heads.length },
    );
    doc.font(FONTS.regular).fontSize(7).fillColor('#333333');
    doc.text(
      'Payments and other credits are shared out over the charges oldest first.',
      left,
      printout.y + 4,
      { lineBreak: false },
    );
  }

  return printout.finish(
    `${school.name} · Fee statement of ${who} (${student.admission_number})`,
    printedOn,
  );
}

import { formatKes, PAYMENT_METHOD_LABELS } from '@shule/shared/fees';
import type { School } from '@shule/shared/schools';
import { drawKeyValues } from '../../pdf/blocks';
import { drawSchoolHeader } from '../../pdf/header';
import { COLORS, FONTS, type Margins, type PrintOptions, Printout } from '../../pdf/page';
import type { Receipt } from './payments';
import { kesInWords } from './words';

/**
 * A payment's receipt: one A5 page a bursar prints or a parent keeps. The school's header, the
 * receipt number and date, who paid for whom, the amount in figures and words, how it was paid,
 * the balance when printed and who received it. Standard Helvetica only: no font embedded.
 */

const MARGINS: Margins = { top: 30, bottom: 36, left: 34, right: 34 };
const nairobiDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  });

export function receiptFileName(receipt: Receipt) {
  return `receipt-${receipt.payment.receipt_number}`;
}

export async function renderReceiptPdf(
  receipt: Receipt,
  school: School,
  { crest = null, printedOn = new Date() }: PrintOptions = {},
): Promise<Buffer> {
  const { payment } = receipt;
  const printout = new Printout({
    size: 'A5',
    margins: MARGINS,
    school,
    title: 'OFFICIAL RECEIPT',
    documentTitle: `${school.name} · Receipt ${payment.receipt_number}`,
    crest,
  });
  const { doc, left, width } = printout;
  drawSchoolHeader(printout);

  // Receipt number and date, in a shaded band.
  let y = printout.y + 4;
  doc.rect(left, y, width, 26).fill(COLORS.zebra);
  doc.fillColor(COLORS.ink).font(FONTS.bold).fontSize(11);
  doc.text(`Receipt No. ${payment.receipt_number}`, left + 8, y + 8, { lineBreak: false });
  doc.font(FONTS.regular).fontSize(9);
  const date = `Date: ${nairobiDateTime(payment.paid_at)}`;
  doc.text(date, left + width - 8 - doc.widthOfString(date), y + 9, { lineBreak: false });
  printout.y = y + 38;

  const student = payment.student;
  const studentName = receipt.erased
    ? 'A student whose records were erased'
    : student
      ? `${student.first_name} ${student.last_name}`
      : 'Not yet matched to a student';
  const method = PAYMENT_METHOD_LABELS[payment.method];
  const referenceLabel =
    payment.method === 'cheque'
      ? 'Cheque number'
      : payment.method === 'mpesa'
        ? 'M-Pesa receipt'
        : 'Reference';
  const rows: [string, string][] = [
    ['Received from', payment.payer_name ?? (payment.payer_phone ? payment.payer_phone : '—')],
    ['Student', studentName],
    student || receipt.erased
      ? ['Admission number', receipt.erased ? '—' : student!.admission_number]
      : ['Account (as paid)', payment.account_reference ?? '—'],
    ['Class', receipt.erased ? '—' : (receipt.className ?? '—')],
    ['Paid by', method],
  ];
  if (payment.reference) rows.push([referenceLabel, payment.reference]);

  drawKeyValues(printout, rows, { rules: true });
  y = printout.y;

  // The amount, in figures and in words.
  y += 8;
  doc.rect(left, y, width, 54).lineWidth(1).strokeColor(COLORS.ink).stroke();
  doc
    .font(FONTS.regular)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text('Amount', left + 10, y + 8, { lineBreak: false });
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.ink);
  doc.text(`KES ${formatKes(payment.amount_cents)}`, left + 10, y + 20, { lineBreak: false });
  doc.font(FONTS.italic).fontSize(8.5).fillColor(COLORS.ink);
  doc.text(kesInWords(payment.amount_cents), left + 10, y + 41, {
    width: width - 20,
    lineBreak: false,
    ellipsis: true,
  });
  y += 66;

  if (receipt.balanceCents !== null) {
    const owes = receipt.balanceCents;
    const line =
      owes > 0
        ? `Fee balance: KES ${formatKes(owes)}`
        : owes < 0
          ? `Fee balance: none; KES ${formatKes(-owes)} carried forward`
          : 'Fee balance: fully paid';
    doc
      .font(FONTS.bold)
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(line, left, y, { lineBreak: false });
    doc.font(FONTS.regular).fontSize(7.5).fillColor(COLORS.muted);
    doc.text(`as at ${nairobiDateTime(printedOn.toISOString())}`, left, y + 13, {
      lineBreak: false,
    });
    y += 30;
  }

  // Who received it, and where the bursar signs.
  y = Math.max(y + 10, printout.bottom - 60);
  doc.font(FONTS.regular).fontSize(9).fillColor(COLORS.ink);
  const receivedBy =
    receipt.recordedBy ??
    (payment.source === 'import'
      ? 'Statement import'
      : payment.source === 'counter'
        ? '—'
        : 'M-Pesa (recorded automatically)');
  doc.text(`Received by: ${receivedBy}`, left, y, { lineBreak: false });
  const signX = left + width - 150;
  doc
    .moveTo(signX, y + 26)
    .lineTo(left + width, y + 26)
    .lineWidth(0.6)
    .strokeColor(COLORS.ink)
    .stroke();
  doc
    .font(FONTS.regular)
    .fontSize(7.5)
    .fillColor(COLORS.muted)
    .text('Signature and stamp', signX, y + 30, {
      lineBreak: false,
    });

  return printout.finish(`${school.name} · Receipt ${payment.receipt_number}`, printedOn);
}

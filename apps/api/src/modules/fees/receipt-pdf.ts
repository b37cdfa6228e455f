import { formatKes, PAYMENT_METHOD_LABELS } from '@shule/shared/fees';
import type { School } from '@shule/shared/schools';
import PDFDocument from 'pdfkit';
import {
  BOLD,
  type Doc,
  drawFooters,
  drawSchoolHeader,
  type Margins,
  REGULAR,
  RULE,
} from '../../pdf/old-page';
import type { Receipt } from './payments';
import { kesInWords } from './words';

/**
 * A payment's receipt: one A5 page a bursar prints or a parent keeps. The school's header, the
 * receipt number and date, who paid for whom, the amount in figures and words, how it was paid,
 * the balance when printed and who received it. Standard Helvetica only: no font embedded.
 */

const MARGINS: Margins = { top: 30, bottom: 36, left: 34, right: 34 };
const INK = '#111827';
const MUTED = '#4b5563';
const SHADE = '#eef1f4';

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
  { crest = null, printedOn = new Date() }: { crest?: Buffer | null; printedOn?: Date } = {},
): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: 'A5',
    margins: MARGINS,
    bufferPages: true,
    info: {
      Title: `${school.name} · Receipt ${receipt.payment.receipt_number}`,
      Author: school.name,
      Creator: 'Shule',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { payment } = receipt;
  const left = MARGINS.left;
  const width = doc.page.width - MARGINS.left - MARGINS.right;
  let y = drawSchoolHeader(doc, MARGINS, school, 'OFFICIAL RECEIPT', crest, []);

  // Receipt number and date, in a shaded band.
  y += 4;
  doc.rect(left, y, width, 26).fill(SHADE);
  doc.fillColor(INK).font(BOLD).fontSize(11);
  doc.text(`Receipt No. ${payment.receipt_number}`, left + 8, y + 8, { lineBreak: false });
  doc.font(REGULAR).fontSize(9);
  const date = `Date: ${nairobiDateTime(payment.paid_at)}`;
  doc.text(date, left + width - 8 - doc.widthOfString(date), y + 9, { lineBreak: false });
  y += 38;

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

  const labelWidth = 110;
  for (const [label, value] of rows) {
    doc.font(REGULAR).fontSize(9).fillColor(MUTED);
    doc.text(label, left, y, { width: labelWidth, lineBreak: false });
    doc.font(BOLD).fontSize(10).fillColor(INK);
    doc.text(value, left + labelWidth, y - 0.5, {
      width: width - labelWidth,
      lineBreak: false,
      ellipsis: true,
    });
    y += 14;
    doc
      .moveTo(left + labelWidth, y - 2)
      .lineTo(left + width, y - 2)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    y += 4;
  }

  // The amount, in figures and in words.
  y += 8;
  doc.rect(left, y, width, 54).lineWidth(1).strokeColor(INK).stroke();
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Amount', left + 10, y + 8, { lineBreak: false });
  doc.font(BOLD).fontSize(18).fillColor(INK);
  doc.text(`KES ${formatKes(payment.amount_cents)}`, left + 10, y + 20, { lineBreak: false });
  doc.font('Helvetica-Oblique').fontSize(8.5).fillColor(INK);
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
    doc.font(BOLD).fontSize(10).fillColor(INK).text(line, left, y, { lineBreak: false });
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    doc.text(`as at ${nairobiDateTime(printedOn.toISOString())}`, left, y + 13, {
      lineBreak: false,
    });
    y += 30;
  }

  // Who received it, and where the bursar signs.
  y = Math.max(y + 10, doc.page.height - MARGINS.bottom - 60);
  doc.font(REGULAR).fontSize(9).fillColor(INK);
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
    .strokeColor(INK)
    .stroke();
  doc
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Signature and stamp', signX, y + 30, {
      lineBreak: false,
    });

  drawFooters(doc, MARGINS, `${school.name} · Receipt ${payment.receipt_number}`, printedOn);
  doc.end();
  return done;
}

import { requestFile } from './api-client';
import { saveFile } from './save-file';

/**
 * The fee PDFs the API makes, saved as downloads: wanted by the fee screens and by a student's
 * page.
 */

/**
 * A student's fee statement: every ledger entry with its running balance; `byVoteHead` adds
 * what was charged and paid under each vote head (the way a public school reports fees).
 */
export async function downloadFeeStatementPdf(
  student: { id: number; admission_number: string },
  { byVoteHead = false } = {},
) {
  const { blob, fileName } = await requestFile(
    `/students/${student.id}/fee_statement/?format=pdf${byVoteHead ? '&by=vote_head' : ''}`,
  );
  saveFile(
    blob,
    fileName ?? `fee-statement-${student.admission_number}${byVoteHead ? '-by-vote-head' : ''}.pdf`,
  );
}

/** A payment's receipt, from the `receipt_url` the API gives (/api/payments/{id}/receipt/). */
export async function downloadReceiptPdf(receiptUrl: string, receiptNumber: number) {
  const { blob, fileName } = await requestFile(receiptUrl.replace(/^\/api/, ''));
  saveFile(blob, fileName ?? `receipt-${receiptNumber}.pdf`);
}

import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The class's report forms as one PDF, saved under the name the server gives it. */
export async function downloadReportForms(examId: number, classId: number, className: string) {
  const { blob, fileName } = await requestFile(
    `/exams/${examId}/report_cards/?class=${classId}&format=pdf`,
  );
  saveFile(blob, fileName ?? `report-forms-${slug(className)}.pdf`);
}

export function useDownloadReportForms(examId: number, classId: number, className: string) {
  return useMutation({ mutationFn: () => downloadReportForms(examId, classId, className) });
}

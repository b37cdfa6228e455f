import type { ReportCard, UpdateReportRemarks } from '@shule/shared/results/report-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { reportCardKey } from './get-report-cards';

type Remarks = ReportCard['remarks'];

export const saveReportRemarks = (examId: number, studentId: number, body: UpdateReportRemarks) =>
  api.put<Remarks>(`/exams/${examId}/report_cards/${studentId}/remarks/`, body);

/** Keeps a student's remarks; the form on screen shows what was kept. */
export function useSaveReportRemarks(examId: number, classId: number, studentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReportRemarks) => saveReportRemarks(examId, studentId, body),
    onSuccess: (remarks) => {
      client.setQueryData<ReportCard | null>(reportCardKey(examId, classId, studentId), (card) =>
        card ? { ...card, remarks } : card,
      );
    },
  });
}

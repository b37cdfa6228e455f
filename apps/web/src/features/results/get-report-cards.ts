import type { ReportCards } from '@shule/shared/results/report-cards';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const reportCardKey = (examId: number, classId: number, studentId: number) =>
  ['report-cards', examId, classId, studentId] as const;

/** One student's report form, as JSON for the screen. */
export async function getReportCard(examId: number, classId: number, studentId: number) {
  const { report_cards } = await api.get<ReportCards>(
    `/exams/${examId}/report_cards/?class=${classId}&student=${studentId}&format=json`,
  );
  // null rather than undefined: a query's data may not be undefined.
  return report_cards[0] ?? null;
}

export function useReportCard(examId: number, classId: number, studentId: number) {
  return useQuery({
    queryKey: reportCardKey(examId, classId, studentId),
    queryFn: () => getReportCard(examId, classId, studentId),
    enabled: [examId, classId, studentId].every((id) => Number.isInteger(id) && id > 0),
  });
}

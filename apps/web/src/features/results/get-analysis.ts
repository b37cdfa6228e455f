import type { ExamAnalysis } from '@shule/shared/results/analysis';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import type { MeritListScope } from './get-merit-list';

const analysisPath = (examId: number, scope: MeritListScope, format?: 'pdf') => {
  const query =
    'class' in scope ? `class=${scope.class}` : `level=${encodeURIComponent(scope.level)}`;
  return `/exams/${examId}/analysis/?${query}${format ? `&format=${format}` : ''}`;
};

export function useAnalysis(examId: number | null, scope: MeritListScope | null) {
  return useQuery({
    queryKey: ['results', 'analysis', examId, scope],
    queryFn: () => api.get<ExamAnalysis>(analysisPath(examId!, scope!)),
    enabled: examId !== null && scope !== null,
  });
}

/** Download PDF: the server's A4 analysis, saved under the name it gives. */
export function useDownloadAnalysisPdf(examId: number | null, scope: MeritListScope | null) {
  return useMutation({
    mutationFn: async (fallbackName: string) => {
      const { blob, fileName } = await requestFile(analysisPath(examId!, scope!, 'pdf'));
      saveFile(blob, fileName ?? fallbackName);
    },
  });
}

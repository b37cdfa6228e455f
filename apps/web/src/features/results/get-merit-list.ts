import { type PackedMeritList, unpackMeritList } from '@shule/shared/results/merit-list-packed';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** What a merit list covers: one class (stream) or every stream of a level. */
export type MeritListScope = { class: number } | { level: string };

const meritListPath = (examId: number, scope: MeritListScope, format?: 'pdf') => {
  const query =
    'class' in scope ? `class=${scope.class}` : `level=${encodeURIComponent(scope.level)}`;
  return `/exams/${examId}/merit_list/?${query}${format ? `&format=${format}` : ''}`;
};

/** The merit list in its full shape: the API sends it packed, and it is unpacked once here. */
export function useMeritList(examId: number, scope: MeritListScope | null) {
  return useQuery({
    queryKey: ['results', 'merit-list', examId, scope],
    queryFn: async () =>
      unpackMeritList(await api.get<PackedMeritList>(meritListPath(examId, scope!))),
    enabled: scope !== null && Number.isInteger(examId) && examId > 0,
  });
}

/** Download PDF: the server's landscape A4 list, saved under the name it gives. */
export function useDownloadMeritListPdf(examId: number, scope: MeritListScope | null) {
  return useMutation({
    mutationFn: async (fallbackName: string) => {
      const { blob, fileName } = await requestFile(meritListPath(examId, scope!, 'pdf'));
      saveFile(blob, fileName ?? fallbackName);
    },
  });
}

import { type KjseaResult, MISSING_CHOICES_HEADER, type PutKjseaBody } from '@shule/shared/kjsea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { studentQueryKey } from '../../lib/queries/students';

/** Under ['students'], so a student's change refreshes it; and read by the results section. */
export const kjseaKey = (studentId: number) => ['students', 'kjsea', studentId] as const;

/** GET /api/students/{id}/kjsea/: the learner's KJSEA result, or null. */
export function useKjsea(studentId: number, enabled = true) {
  return useQuery({
    queryKey: kjseaKey(studentId),
    queryFn: () => api.get<KjseaResult | null>(`/students/${studentId}/kjsea/`),
    enabled,
  });
}

/** PUT /api/students/{id}/kjsea/ (admin); the learner's page reads the Assessment Number again. */
export function useSaveKjsea(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutKjseaBody) => api.put<KjseaResult>(`/students/${studentId}/kjsea/`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(kjseaKey(studentId), saved);
      return queryClient.invalidateQueries({ queryKey: studentQueryKey(studentId) });
    },
  });
}

/** GET /api/senior/entry_list/?level=: the level's KNEC entry list, saved as a download. */
export async function downloadEntryList(level: string) {
  const file = await requestFile(`/senior/entry_list/?level=${encodeURIComponent(level)}`);
  return {
    ...file,
    missingChoices: Number(file.headers.get(MISSING_CHOICES_HEADER) ?? 0),
  };
}

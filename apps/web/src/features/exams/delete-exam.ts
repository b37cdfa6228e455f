import type { Exam } from '@shule/shared/exams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { examsQueryKey } from '../../lib/queries/exams';
import { useSession } from '../../lib/session';

export const deleteExam = (id: number) => api.delete(`/grades/exams/${id}/`);

/** Refused (409) while the exam has scores; removed from the list on success. */
export function useDeleteExam() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteExam(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Exam[]>(examsQueryKey(school?.id), (old) =>
        old?.filter((e) => e.id !== id),
      );
      queryClient.invalidateQueries({ queryKey: ['exams'] });
    },
  });
}

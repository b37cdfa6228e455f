import type { Grade } from '@shule/shared/grades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import type { GradeValues } from './create-grade';
import { gradesQueryKey } from './get-grades';

export const updateGrade = (id: number, values: GradeValues) =>
  api.patch<Grade>(`/grades/grades/${id}/`, values);

/** An edited grade is updated in place; band tables show its new name and code. */
export function useUpdateGrade() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: GradeValues }) => updateGrade(id, values),
    onSuccess: (grade) => {
      queryClient.setQueryData<Grade[]>(gradesQueryKey(school?.id), (old) =>
        old?.map((g) => (g.id === grade.id ? grade : g)),
      );
      queryClient.invalidateQueries({ queryKey: ['grades'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['subjects', 'bands'] });
    },
  });
}

import type { Grade } from '@shule/shared/grades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { gradesQueryKey } from './get-grades';

export const deleteGrade = (id: number) => api.delete(`/grades/grades/${id}/`);

/** Deletion removes the grade from the list on success; its bands go with it. */
export function useDeleteGrade() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteGrade(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Grade[]>(gradesQueryKey(school?.id), (old) =>
        old?.filter((g) => g.id !== id),
      );
      queryClient.invalidateQueries({ queryKey: ['grades'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['subjects', 'bands'] });
    },
  });
}

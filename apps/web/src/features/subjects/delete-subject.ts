import type { Subject } from '@shule/shared/subjects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { subjectsQueryKey } from '../../lib/queries/subjects';
import { useSession } from '../../lib/session';

export const deleteSubject = (id: number) => api.delete(`/grades/subjects/${id}/`);

/** Refused (409) while exam scores use the subject; removed from the list on success. */
export function useDeleteSubject() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteSubject(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Subject[]>(subjectsQueryKey(school?.id), (old) =>
        old?.filter((s) => s.id !== id),
      );
      queryClient.invalidateQueries({ queryKey: ['subjects'] });
      queryClient.invalidateQueries({ queryKey: ['scores'] });
    },
  });
}

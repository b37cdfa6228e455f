import type { ClassRow } from '@shule/shared/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { classesQueryKey } from '../../lib/queries/classes';
import { useSession } from '../../lib/session';

export const deleteClass = (id: number) => api.delete(`/classes/${id}/`);

/** Deletes an empty class; the server refuses (409) a class that still has students. */
export function useDeleteClass() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteClass(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ClassRow[]>(classesQueryKey(school?.id), (old) =>
        old?.filter((c) => c.id !== id),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
        queryClient.invalidateQueries({ queryKey: ['teachers'] }),
      ]);
    },
  });
}

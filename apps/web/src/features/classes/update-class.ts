import type { ClassRow, UpdateClassBody } from '@shule/shared/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { classesQueryKey } from '../../lib/queries/classes';
import { useSession } from '../../lib/session';

export const updateClass = (id: number, body: UpdateClassBody) =>
  api.patch<ClassRow>(`/classes/${id}/`, body);

/** Renames a class and/or sets its class teacher; the class keeps its place in the list. */
export function useUpdateClass() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateClassBody }) => updateClass(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData<ClassRow[]>(classesQueryKey(school?.id), (old) =>
        old?.map((c) => (c.id === updated.id ? updated : c)),
      );
      // The teachers list shows each teacher's class, and students show their class name.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
        queryClient.invalidateQueries({ queryKey: ['teachers'] }),
        queryClient.invalidateQueries({ queryKey: ['students'] }),
      ]);
    },
  });
}

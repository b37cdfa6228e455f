import type { Subject } from '@shule/shared/subjects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { SubjectValues } from './create-subject';

/** PATCH with `classes` replaces the subject's classes. */
export const updateSubject = (id: number, values: SubjectValues) =>
  api.patch<Subject>(`/grades/subjects/${id}/`, values);

export function useUpdateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: SubjectValues }) =>
      updateSubject(id, values),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['subjects'] });
      queryClient.invalidateQueries({ queryKey: ['scores'] });
    },
  });
}

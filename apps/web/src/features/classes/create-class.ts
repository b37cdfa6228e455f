import {
  type ClassRow,
  type CreateClassBody,
  type CreateClassResponse,
  compareClasses,
} from '@shule/shared/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { withRowInOrder } from '../../lib/in-order';
import { classesQueryKey } from '../../lib/queries/classes';
import { useSession } from '../../lib/session';

export const createClass = (schoolId: number, body: CreateClassBody) =>
  api.post<CreateClassResponse>(`/classes/?school=${schoolId}`, body).then((r) => r.class);

export function useCreateClass() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClassBody) => createClass(school!.id, body),
    onSuccess: (created) => {
      // Where the list's order (by name) puts it, as a reload would show it.
      queryClient.setQueryData<ClassRow[]>(classesQueryKey(school?.id), (old) =>
        withRowInOrder(old, created, compareClasses),
      );
      return queryClient.invalidateQueries({ queryKey: ['classes'] });
    },
  });
}

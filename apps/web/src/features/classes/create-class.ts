import type { ClassRow, CreateClassBody, CreateClassResponse } from '@shule/shared/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
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
      // Spec §4: a created class goes to the top of the list.
      queryClient.setQueryData<ClassRow[]>(classesQueryKey(school?.id), (old) => [
        created,
        ...(old ?? []).filter((c) => c.id !== created.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: ['classes'] });
    },
  });
}

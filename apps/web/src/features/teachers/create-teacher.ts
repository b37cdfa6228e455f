import type { CreateTeacherBody, CreateTeacherResponse, TeacherRow } from '@shule/shared/teachers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { teachersQueryKey } from '../../lib/queries/teachers';
import { useSession } from '../../lib/session';

export const createTeacher = (body: CreateTeacherBody, idempotencyKey?: string) =>
  api.post<CreateTeacherResponse>('/staff/teachers/', body, { idempotencyKey });

export function useCreateTeacher() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CreateTeacherBody & { idempotencyKey: string }) =>
      createTeacher({ ...body, role: 'teacher', school: school?.id }, idempotencyKey),
    onSuccess: ({ teacher }) => {
      // The new teacher goes to the top of the list (the server lists newest first too).
      queryClient.setQueryData<TeacherRow[]>(teachersQueryKey(school?.id), (old) => [
        teacher,
        ...(old ?? []).filter((t) => t.id !== teacher.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: ['teachers'] });
    },
  });
}

import type { StudentDetail, UpdateStudentBody } from '@shule/shared/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { studentQueryKey } from './get-student';

/** PATCH /api/students/{id}/ (admin): the subjects the student takes and their entry marks. */
export const updateStudent = (id: number, body: UpdateStudentBody) =>
  api.patch<StudentDetail>(`/students/${id}/`, body);

export function useUpdateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateStudentBody }) => updateStudent(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(studentQueryKey(saved.id), saved);
      // The grading screen gives the student an input only for the subjects they take.
      queryClient.invalidateQueries({ queryKey: ['scores'] });
    },
  });
}

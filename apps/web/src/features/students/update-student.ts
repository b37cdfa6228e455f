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

/** PUT /api/students/{id}/photo/ (admin): a photo the school uploaded (its link), or null. */
export const replaceStudentPhoto = (id: number, photo: string | null) =>
  api.put<StudentDetail>(`/students/${id}/photo/`, { profile_photo: photo });

export function useReplaceStudentPhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: string | null) => replaceStudentPhoto(id, photo),
    onSuccess: (saved) => {
      queryClient.setQueryData(studentQueryKey(saved.id), saved);
      // The lists show the photo too.
      return queryClient.invalidateQueries({ queryKey: ['students', 'list'] });
    },
  });
}

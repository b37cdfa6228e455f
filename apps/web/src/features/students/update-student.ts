import type { LeaveStudentBody, StudentDetail, UpdateStudentBody } from '@shule/shared/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { studentQueryKey } from '../../lib/queries/students';

/** PATCH /api/students/{id}/ (admin): names, class, the subjects taken, the entry marks… */
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
      refreshListsAndCounts(queryClient);
    },
  });
}

/** A student's name, class or state shows in the lists and the classes' counts. */
function refreshListsAndCounts(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.invalidateQueries({ queryKey: ['students', 'list'] });
  queryClient.invalidateQueries({ queryKey: ['classes'] });
}

/** POST /api/students/{id}/leave/ and /rejoin/ (admin). */
export function useLeaveOrRejoin(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leave: LeaveStudentBody | null) =>
      leave
        ? api.post<StudentDetail>(`/students/${id}/leave/`, leave)
        : api.post<StudentDetail>(`/students/${id}/rejoin/`),
    onSuccess: (saved) => {
      queryClient.setQueryData(studentQueryKey(saved.id), saved);
      refreshListsAndCounts(queryClient);
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

import type { ResetPasswordResponse, TeacherRow, UpdateTeacherBody } from '@shule/shared/teachers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** After a teacher changes: the teachers list, the classes (class teacher) and the assignments. */
function useRefreshTeachers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['teachers', 'classes', 'assignments'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

export function useUpdateTeacher() {
  const refresh = useRefreshTeachers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTeacherBody }) =>
      api.patch<TeacherRow>(`/staff/teachers/${id}/`, body),
    onSuccess: refresh,
  });
}

/** Deactivate (sign-in refused, assignments ended) or activate again. */
export function useSetTeacherActive() {
  const refresh = useRefreshTeachers();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<TeacherRow>(`/staff/teachers/${id}/${active ? 'activate' : 'deactivate'}/`),
    onSuccess: refresh,
  });
}

/** A new one-time password for a teacher: their sessions end and they must change it first. */
export function useResetTeacherPassword() {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ResetPasswordResponse>(`/staff/teachers/${id}/reset_password/`),
  });
}

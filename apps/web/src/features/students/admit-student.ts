import type { AdmitStudentBody, AdmitStudentResponse } from '@shule/shared/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const admitStudent = (classId: number, body: AdmitStudentBody) =>
  api.post<AdmitStudentResponse>(`/classes/${classId}/add_student/`, body);

export function useAdmitStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, body }: { classId: number; body: AdmitStudentBody }) =>
      admitStudent(classId, body),
    // The student lists, the class counts (boys, girls) and the dashboard all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]),
  });
}

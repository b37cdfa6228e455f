import type { AdmitStudentBody, AdmitStudentResponse } from '@shule/shared/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const admitStudent = (classId: number, body: AdmitStudentBody, idempotencyKey?: string) =>
  api.post<AdmitStudentResponse>(`/classes/${classId}/add_student/`, body, { idempotencyKey });

export function useAdmitStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      classId,
      body,
      idempotencyKey,
    }: {
      classId: number;
      body: AdmitStudentBody;
      idempotencyKey: string;
    }) => admitStudent(classId, body, idempotencyKey),
    // The student lists, the class counts (boys, girls) and the dashboard all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]),
  });
}

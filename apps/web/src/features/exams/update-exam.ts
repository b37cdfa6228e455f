import type { Exam } from '@shule/shared/exams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ExamValues } from './create-exam';

export const updateExam = (id: number, values: ExamValues) =>
  api.patch<Exam>(`/grades/exams/${id}/`, values);

export function useUpdateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ExamValues }) => updateExam(id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['exams'] }),
  });
}

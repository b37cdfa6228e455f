import type { Exam, examFormSchema } from '@shule/shared/exams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export type ExamValues = z.output<typeof examFormSchema>;

export const createExam = (values: ExamValues, schoolId: number) =>
  api.post<Exam>('/grades/exams/', { ...values, school: schoolId });

export function useCreateExam() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (values: ExamValues) => createExam(values, school!.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['exams'] }),
  });
}

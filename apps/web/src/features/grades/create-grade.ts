import { compareGrades, type Grade, type gradeFormSchema } from '@shule/shared/grades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { withRowInOrder } from '../../lib/in-order';
import { useSession } from '../../lib/session';
import { gradesQueryKey } from './get-grades';

export type GradeValues = z.output<typeof gradeFormSchema>;

export const createGrade = (values: GradeValues, schoolId: number) =>
  api.post<Grade>('/grades/grades/', { ...values, school: schoolId });

/**
 * A created grade goes where the list's order (most points first) puts it, as a reload would
 * show it: the list is patched instead of refetched; the rest of ['grades'] is only marked
 * stale. Every subject gained an empty band for the new grade.
 */
export function useCreateGrade() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (values: GradeValues) => createGrade(values, school!.id),
    onSuccess: (grade) => {
      queryClient.setQueryData<Grade[]>(gradesQueryKey(school?.id), (old) =>
        withRowInOrder(old, grade, compareGrades),
      );
      queryClient.invalidateQueries({ queryKey: ['grades'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['subjects', 'bands'] });
    },
  });
}

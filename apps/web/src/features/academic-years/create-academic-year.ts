import type { AcademicYear, academicYearFormSchema } from '@shule/shared/academic-years';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export type AcademicYearValues = z.output<typeof academicYearFormSchema>;

export const createAcademicYear = (values: AcademicYearValues, schoolId: number) =>
  api.post<AcademicYear>('/fees/academic_years/', { ...values, school: schoolId });

export function useCreateAcademicYear() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (values: AcademicYearValues) => createAcademicYear(values, school!.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['academic-years'] }),
  });
}

import type { AcademicYear } from '@shule/shared/academic-years';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { AcademicYearValues } from './create-academic-year';

export const updateAcademicYear = (id: number, values: Partial<AcademicYearValues>) =>
  api.patch<AcademicYear>(`/fees/academic_years/${id}/`, values);

/** Terms show their year's name, so they are refreshed too. */
export function useUpdateAcademicYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: AcademicYearValues }) =>
      updateAcademicYear(id, values),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['academic-years'] });
      queryClient.invalidateQueries({ queryKey: ['terms'] });
    },
  });
}

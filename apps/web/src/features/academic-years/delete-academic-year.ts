import type { AcademicYear } from '@shule/shared/academic-years';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { academicYearsQueryKey } from '../../lib/queries/academic-years';
import { useSession } from '../../lib/session';

export const deleteAcademicYear = (id: number) => api.delete(`/fees/academic_years/${id}/`);

/** Refused (409) while the year has terms; removed from the list on success. */
export function useDeleteAcademicYear() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteAcademicYear(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<AcademicYear[]>(academicYearsQueryKey(school?.id), (old) =>
        old?.filter((y) => y.id !== id),
      );
      queryClient.invalidateQueries({ queryKey: ['academic-years'] });
    },
  });
}

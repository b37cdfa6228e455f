import type { GradingSchemeName } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { schoolQueryKey } from '../../lib/queries/school';
import { useSession } from '../../lib/session';

/** PATCH /api/schools/{id}/ (admin): the rule of the school's results, unless an exam names one. */
export const updateGradingScheme = (schoolId: number, grading_scheme: GradingSchemeName) =>
  api.patch<School>(`/schools/${schoolId}/`, { grading_scheme });

export function useUpdateGradingScheme() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (scheme: GradingSchemeName) => updateGradingScheme(school!.id, scheme),
    onSuccess: (updated) => {
      queryClient.setQueryData(schoolQueryKey(updated.id), updated);
    },
  });
}

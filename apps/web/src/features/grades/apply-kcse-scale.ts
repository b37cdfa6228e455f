import type { Grade } from '@shule/shared/grades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { gradesQueryKey } from './get-grades';

/**
 * POST /grades/grades/kcse/: the twelve KCSE grades and their bands for every subject; the
 * school's grading scheme becomes KCSE.
 */
export const applyKcseScale = () => api.post<Grade[]>('/grades/grades/kcse/');

export function useApplyKcseScale() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: applyKcseScale,
    onSuccess: (grades) => {
      queryClient.setQueryData(gradesQueryKey(school?.id), grades);
      queryClient.invalidateQueries({ queryKey: ['grades'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['subjects', 'bands'] });
      queryClient.invalidateQueries({ queryKey: ['school'] });
    },
  });
}

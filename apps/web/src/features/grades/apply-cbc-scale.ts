import type { CBC_SCALES, Grade } from '@shule/shared/grades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { gradesQueryKey } from './get-grades';

export type CbcScale = (typeof CBC_SCALES)[number];

/**
 * POST /grades/grades/cbc/: KJSEA's eight levels or the four-level rubric, with their bands for
 * every subject; the school's grading scheme becomes CBC.
 */
export const applyCbcScale = (scale: CbcScale) =>
  api.post<Grade[]>('/grades/grades/cbc/', { scale });

export function useApplyCbcScale() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: applyCbcScale,
    onSuccess: (grades) => {
      queryClient.setQueryData(gradesQueryKey(school?.id), grades);
      queryClient.invalidateQueries({ queryKey: ['grades'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['subjects', 'bands'] });
      queryClient.invalidateQueries({ queryKey: ['school'] });
    },
  });
}

import type { ApplyStructureResult } from '@shule/shared/fee-structures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const applyFeeStructure = (termId: number) =>
  api.post<ApplyStructureResult>(`/fees/structures/${termId}/apply/`);

/** Bills the term's structure: each student once per line; again, only what is new. */
export function useApplyFeeStructure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyFeeStructure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

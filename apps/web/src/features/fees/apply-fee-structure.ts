import type { ApplyStructureResult } from '@shule/shared/fee-structures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** What billing the term would do now (charging nothing), asked while the confirmation is open. */
export function useApplyPreview(termId: number, open: boolean) {
  return useQuery({
    queryKey: [...FEES_KEY, 'apply-preview', termId],
    queryFn: () => api.get<ApplyStructureResult>(`/fees/structures/${termId}/apply/preview/`),
    enabled: open,
    // Always the numbers of now: students may have joined since the dialog was last open.
    staleTime: 0,
    gcTime: 0,
  });
}

import type { FeeStructure, PutFeeStructureBody } from '@shule/shared/fee-structures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';
import { feeStructureKey } from './get-fee-structure';

export const saveFeeStructure = (body: PutFeeStructureBody) =>
  api.put<FeeStructure>('/fees/structures/', body);

/**
 * Sets a term's amounts in one transaction: all of them, or (given `categories`) only those
 * categories' lines. The answer is the term's structure as saved.
 */
export function useSaveFeeStructure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeeStructure,
    onSuccess: (saved) => {
      queryClient.setQueryData(feeStructureKey(saved.term.id), saved);
      return queryClient.invalidateQueries({ queryKey: FEES_KEY });
    },
  });
}

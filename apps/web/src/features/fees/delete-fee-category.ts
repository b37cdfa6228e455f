import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const deleteFeeCategory = (id: number) => api.delete(`/fees/categories/${id}/`);

/** Refused (409, naming why) once the category is in a structure or billed. */
export function useDeleteFeeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeeCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

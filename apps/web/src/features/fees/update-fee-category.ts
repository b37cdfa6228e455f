import type { FeeCategory, UpdateFeeCategoryBody } from '@shule/shared/fee-structures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const updateFeeCategory = (id: number, body: UpdateFeeCategoryBody) =>
  api.patch<FeeCategory>(`/fees/categories/${id}/`, body);

export function useUpdateFeeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateFeeCategoryBody }) =>
      updateFeeCategory(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

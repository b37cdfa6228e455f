import type { CreateFeeCategoryBody, FeeCategory } from '@shule/shared/fee-structures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const createFeeCategory = (body: CreateFeeCategoryBody) =>
  api.post<FeeCategory>('/fees/categories/', body);

export function useCreateFeeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeeCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

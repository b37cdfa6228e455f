import type { FeeCategoryList } from '@shule/shared/fee-structures';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * Every fee query lives under ['fees']: a payment, a bill or a changed structure refreshes them
 * all (balances, collection, statements, the student page's balance).
 */
export const FEES_KEY = ['fees'] as const;

export const getFeeCategories = () =>
  api.get<FeeCategoryList>('/fees/categories/').then((r) => r.categories);

/** The school's fee categories, by name (admins). */
export function useFeeCategories() {
  return useQuery({
    queryKey: [...FEES_KEY, 'categories'],
    queryFn: getFeeCategories,
  });
}

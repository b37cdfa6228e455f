import type { FeeAnalytics } from '@shule/shared/fee-ledger';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const getFeeAnalytics = (range: { from: string; to: string }) =>
  api.get<FeeAnalytics>(`/fees/analytics/?${new URLSearchParams(range)}`);

/** Money received per day and per method over a range of Nairobi days. */
export function useFeeAnalytics(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...FEES_KEY, 'analytics', range],
    queryFn: () => getFeeAnalytics(range),
    placeholderData: keepPreviousData,
  });
}

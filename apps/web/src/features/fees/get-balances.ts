import type { Balances } from '@shule/shared/fee-ledger';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { FEES_KEY } from './get-fee-categories';

/** Whom the balances list shows: a class (or all), a search, only those owing, a page. */
export interface BalancesFilter {
  classId: number | null;
  search: string;
  owingOnly: boolean;
  page: number;
}

/** The query string of a filter: every term's charges, highest balance first. */
export function balancesParams({ classId, search, owingOnly }: Omit<BalancesFilter, 'page'>) {
  const params = new URLSearchParams();
  if (classId) params.set('class', String(classId));
  if (search.trim()) params.set('search', search.trim());
  if (owingOnly) params.set('min_balance_cents', '1');
  return params;
}

export const getBalances = (filter: BalancesFilter) => {
  const params = balancesParams(filter);
  params.set('page', String(filter.page));
  return api.get<Balances>(`/fees/balances/?${params}`);
};

/** One page of students with their fees; the page shown stays while the next loads. */
export function useBalances(filter: BalancesFilter) {
  return useQuery({
    queryKey: [...FEES_KEY, 'balances', filter],
    queryFn: () => getBalances(filter),
    placeholderData: keepPreviousData,
  });
}

/** Every student of the filter (all pages) as the API's CSV, saved as a download. */
export async function downloadBalancesCsv(filter: Omit<BalancesFilter, 'page'>) {
  const params = balancesParams(filter);
  params.set('format', 'csv');
  const { blob, fileName } = await requestFile(`/fees/balances/?${params}`);
  saveFile(blob, fileName ?? 'fee-balances.csv');
}

import type { Collection } from '@shule/shared/fee-ledger';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const getCollection = (termId: number) =>
  api.get<Collection>(`/fees/collection/?term=${termId}`);

/** A term's collection per class: expected, collected, balance and percentage, with totals. */
export function useCollection(termId: number | null) {
  return useQuery({
    queryKey: [...FEES_KEY, 'collection', termId],
    queryFn: () => getCollection(termId!),
    enabled: termId != null,
  });
}

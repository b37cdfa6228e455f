import type { FeeStructure } from '@shule/shared/fee-structures';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const feeStructureKey = (termId: number | null) =>
  [...FEES_KEY, 'structure', termId] as const;

export const getFeeStructure = (termId: number) =>
  api.get<FeeStructure>(`/fees/structures/?term=${termId}`);

/** A term's amounts per category and class, with the school's classes and categories. */
export function useFeeStructure(termId: number | null) {
  return useQuery({
    queryKey: feeStructureKey(termId),
    queryFn: () => getFeeStructure(termId!),
    enabled: termId != null,
  });
}

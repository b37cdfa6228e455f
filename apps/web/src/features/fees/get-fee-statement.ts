import type { FeeStatement } from '@shule/shared/fee-ledger';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Under ['fees'], so a payment or a bill anywhere refreshes the student's balance here too. */
export const feeStatementKey = (studentId: number) => ['fees', 'statement', studentId] as const;

export const getFeeStatement = (studentId: number) =>
  api.get<FeeStatement>(`/students/${studentId}/fee_statement/`);

/** A student's ledger with its running balance (admins). */
export function useFeeStatement(studentId: number) {
  return useQuery({
    queryKey: feeStatementKey(studentId),
    queryFn: () => getFeeStatement(studentId),
  });
}

import type { RecordPaymentBody, RecordPaymentResponse } from '@shule/shared/fee-ledger';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const recordPayment = (body: RecordPaymentBody, idempotencyKey: string) =>
  api.post<RecordPaymentResponse>('/payments/', body, { idempotencyKey });

/**
 * Money received at the counter (cash, bank, cheque). Sent with the submission's
 * Idempotency-Key, so a retry after a dropped connection records it once.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RecordPaymentBody; key: string }) =>
      recordPayment(body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

import type { MpesaStatus, StkPushBody, StkRequest } from '@shule/shared/mpesa';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

/** How often a waiting STK push is asked about while its dialog is open. */
export const STK_POLL_MS = 2000;

/** Whether the school's M-Pesa settings are there (the buttons say so when not). */
export function useMpesaStatus() {
  return useQuery({
    queryKey: [...FEES_KEY, 'mpesa-status'],
    queryFn: () => api.get<MpesaStatus>('/fees/mpesa/status/'),
    staleTime: 5 * 60_000,
  });
}

export const requestStkPush = (body: StkPushBody, idempotencyKey: string) =>
  api.post<StkRequest>('/fees/mpesa/stk_push/', body, { idempotencyKey });

/** Asks the parent's phone for the amount (their M-Pesa PIN prompt). */
export function useStkPush() {
  return useMutation({
    mutationFn: ({ body, key }: { body: StkPushBody; key: string }) => requestStkPush(body, key),
  });
}

/**
 * A push's status, asked every STK_POLL_MS until it is paid or failed; then the fee lists are
 * refreshed once, since a payment may have been recorded.
 */
export function useStkRequest(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['mpesa-stk', id],
    queryFn: async () => {
      const request = await api.get<StkRequest>(`/fees/mpesa/stk_push/${id}/`);
      if (request.status !== 'pending') {
        await queryClient.invalidateQueries({ queryKey: FEES_KEY });
      }
      return request;
    },
    enabled: id != null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data === undefined
        ? STK_POLL_MS
        : false,
  });
}

import type { FeeRemindersPreview, SendFeeRemindersBody } from '@shule/shared/fee-reminders';
import type { SendMessageResponse } from '@shule/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * GET /api/fees/reminders/?min_balance_cents=&classes=: whom a reminder of each child's balance
 * would reach. Under ['fees'], so a payment or a bill refreshes it.
 */
export function useFeeRemindersPreview(
  minBalanceCents: number | null,
  classIds: readonly number[],
) {
  const { school } = useSession();
  const classes = [...classIds].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: ['fees', 'reminders', school?.id, minBalanceCents, classes],
    queryFn: () => {
      const query = new URLSearchParams({
        school: String(school?.id),
        min_balance_cents: String(minBalanceCents),
      });
      if (classes) query.set('classes', classes);
      return api.get<FeeRemindersPreview>(`/fees/reminders/?${query}`);
    },
    enabled: school != null && minBalanceCents !== null,
  });
}

/** POST /api/fees/reminders/: one message, one SMS per owing student's parent. */
export function useSendFeeReminders() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: Omit<SendFeeRemindersBody, 'school'>;
      idempotencyKey: string;
    }) =>
      api.post<SendMessageResponse>(
        '/fees/reminders/',
        { ...body, school: school?.id },
        { idempotencyKey },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

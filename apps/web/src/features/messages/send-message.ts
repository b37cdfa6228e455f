import type { SendMessageBody, SendMessageResponse } from '@shule/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** POST /api/messages/ (admin): queued for sending; the list shows it at once. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SendMessageBody; idempotencyKey: string }) =>
      api.post<SendMessageResponse>('/messages/', body, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

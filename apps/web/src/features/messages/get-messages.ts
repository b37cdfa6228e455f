import type { MessageDetailResponse, MessageListResponse } from '@shule/shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** While a message is still sending its counts change: the screen asks again this often. */
export const SENDING_REFETCH_MS = 3000;

/** GET /api/messages/?school=&page=: one page of the school's messages, newest first. */
export function useMessages(page: number) {
  const { school } = useSession();
  return useQuery({
    queryKey: ['messages', 'list', school?.id, page],
    queryFn: () =>
      api.get<MessageListResponse>(
        `/messages/?${new URLSearchParams({ school: String(school?.id), page: String(page) })}`,
      ),
    enabled: school != null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.status === 'sending') ? SENDING_REFETCH_MS : false,
  });
}

/** GET /api/messages/{id}/: the message and every recipient, asked again while it sends. */
export function useMessage(id: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['messages', 'detail', id],
    queryFn: () => api.get<MessageDetailResponse>(`/messages/${id}/`),
    enabled: enabled && Number.isInteger(id) && id > 0,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
    refetchInterval: (query) =>
      query.state.data?.message.status === 'sending' ? SENDING_REFETCH_MS : false,
  });
}

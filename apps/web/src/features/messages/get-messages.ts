import type { Message, MessageDetailResponse, MessageListResponse } from '@shule/shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** While a message is still sending its counts change: the screen asks again this often. */
export const SENDING_REFETCH_MS = 3000;
/** Sent, a phone's delivery report may still come: asked again this often… */
export const REPORTS_REFETCH_MS = 10_000;
/** …for this long after the send (a phone switched off reports when it is back, or never). */
export const REPORTS_WAIT_MS = 30 * 60_000;

/** How often a screen showing `message` asks again, or false once nothing more will change. */
export function refetchIntervalOf(message: Message, now = Date.now()): number | false {
  if (message.status === 'sending') return SENDING_REFETCH_MS;
  const recent = now - Date.parse(message.created_at) < REPORTS_WAIT_MS;
  return recent && message.counts.sent > 0 ? REPORTS_REFETCH_MS : false;
}

/** The soonest any of the messages needs asking again. */
const soonest = (messages: readonly Message[]) => {
  const intervals = messages.map((m) => refetchIntervalOf(m)).filter((ms) => ms !== false);
  return intervals.length > 0 ? Math.min(...intervals) : false;
};

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
    refetchInterval: (query) => soonest(query.state.data?.messages ?? []),
  });
}

/** GET /api/messages/{id}/: the message and every recipient, asked again while it may change. */
export function useMessage(id: number) {
  return useQuery({
    queryKey: ['messages', 'detail', id],
    queryFn: () => api.get<MessageDetailResponse>(`/messages/${id}/`),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
    refetchInterval: (query) => soonest(query.state.data ? [query.state.data.message] : []),
  });
}

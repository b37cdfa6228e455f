import type { MessageAudience } from '@shule/shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * GET /api/messages/audience/?classes=: how many parents a message to these classes reaches and
 * how many are left out, before anything is sent. None asked for no class.
 */
export function useMessageAudience(classIds: readonly number[]) {
  const { school } = useSession();
  const classes = [...classIds].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: ['messages', 'audience', school?.id, classes],
    queryFn: () =>
      api.get<MessageAudience>(
        `/messages/audience/?${new URLSearchParams({ school: String(school?.id), classes })}`,
      ),
    enabled: school != null && classes !== '',
    placeholderData: keepPreviousData,
  });
}

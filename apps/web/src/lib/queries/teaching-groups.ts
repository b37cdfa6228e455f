import type { GroupList } from '@shule/shared/senior-groups';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Every senior-school teaching group of the school (GET /api/senior/groups/), under ['teaching-groups']. */
export function useAllTeachingGroups(enabled = true) {
  return useQuery({
    queryKey: ['teaching-groups', 'list', 'all'] as const,
    queryFn: () => api.get<GroupList>('/senior/groups/').then((r) => r.groups),
    enabled,
  });
}

import type { GroupDetail, GroupList, UpdateGroup } from '@shule/shared/senior-groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const levelQuery = (level: string) => new URLSearchParams({ level }).toString();

export const groupsQueryKey = (level: string) => ['teaching-groups', 'list', level] as const;
export const groupQueryKey = (id: number) => ['teaching-groups', 'detail', id] as const;

/** GET /api/senior/groups/?level=: the level's teaching groups. */
export function useTeachingGroups(level: string | null) {
  return useQuery({
    queryKey: groupsQueryKey(level ?? ''),
    queryFn: () => api.get<GroupList>(`/senior/groups/?${levelQuery(level!)}`),
    enabled: level !== null,
  });
}

/** GET /api/senior/groups/{id}/: one group and its members. */
export function useTeachingGroup(id: number | null) {
  return useQuery({
    queryKey: groupQueryKey(id ?? 0),
    queryFn: () => api.get<GroupDetail>(`/senior/groups/${id}/`),
    enabled: id !== null,
  });
}

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['teaching-groups'] });

/** POST /api/senior/groups/generate/?level= (admin). */
export function useGenerateGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: string) =>
      api.post<GroupList>(`/senior/groups/generate/?${levelQuery(level)}`),
    onSuccess: () => refresh(queryClient),
  });
}

/** PATCH /api/senior/groups/{id}/ (admin): name, teacher, members. */
export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateGroup }) =>
      api.patch<GroupDetail>(`/senior/groups/${id}/`, body),
    onSuccess: () => refresh(queryClient),
  });
}

/** DELETE /api/senior/groups/{id}/ (admin). */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/senior/groups/${id}/`),
    onSuccess: () => refresh(queryClient),
  });
}

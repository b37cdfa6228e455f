import type { PromotionBody, PromotionPreview, PromotionResult } from '@shule/shared/promotion';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const promotionQueryKey = (level: string) => ['promotion', level] as const;

/** GET /api/classes/promotion/?level= (admin): the classes of the level and where each goes. */
export function usePromotionPreview(level: string | null) {
  return useQuery({
    queryKey: promotionQueryKey(level ?? ''),
    queryFn: () =>
      api.get<PromotionPreview>(`/classes/promotion/?${new URLSearchParams({ level: level! })}`),
    enabled: level !== null,
  });
}

/** POST /api/classes/promotion/ (admin): moves every active student of the level's classes. */
export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionBody) => api.post<PromotionResult>('/classes/promotion/', body),
    onSuccess: () => {
      // Counts, lists and the preview itself all changed.
      queryClient.invalidateQueries({ queryKey: ['promotion'] });
      queryClient.invalidateQueries({ queryKey: ['classes'] });
      queryClient.invalidateQueries({ queryKey: ['students'] });
    },
  });
}

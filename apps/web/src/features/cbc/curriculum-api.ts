import type { CreateStrandBody, LearningArea, Strand } from '@shule/shared/cbc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every key under ['cbc'] is refreshed when a learning area or strand changes. */
const learningAreasKey = (levelId: number) => ['cbc', 'learning-areas', levelId] as const;
const strandsKey = (areaId: number) => ['cbc', 'strands', areaId] as const;

export function useLearningAreas(levelId: number) {
  return useQuery({
    queryKey: learningAreasKey(levelId),
    queryFn: () =>
      api
        .get<{ learning_areas: LearningArea[] }>(`/cbc/learning_areas/?level=${levelId}`)
        .then((r) => r.learning_areas),
  });
}

export function useStrands(areaId: number) {
  return useQuery({
    queryKey: strandsKey(areaId),
    queryFn: () =>
      api
        .get<{ strands: Strand[] }>(`/cbc/strands/?learning_area=${areaId}`)
        .then((r) => r.strands),
  });
}

/** A write to the curriculum, refreshing every learning area and strand list after it. */
function useCurriculumWrite<A, T>(write: (args: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cbc'] }),
  });
}

export const useCreateLearningArea = () =>
  useCurriculumWrite((body: { level: number; name: string }) =>
    api.post<LearningArea>('/cbc/learning_areas/', body),
  );
export const useRenameLearningArea = () =>
  useCurriculumWrite(({ id, name }: { id: number; name: string }) =>
    api.patch<LearningArea>(`/cbc/learning_areas/${id}/`, { name }),
  );
export const useDeleteLearningArea = () =>
  useCurriculumWrite((id: number) => api.delete<void>(`/cbc/learning_areas/${id}/`));
export const useRestoreLearningAreas = () =>
  useCurriculumWrite((levelId: number) =>
    api.post<{ learning_areas: LearningArea[] }>(
      `/cbc/levels/${levelId}/default_learning_areas/`,
      {},
    ),
  );
export const useCreateStrand = () =>
  useCurriculumWrite((body: CreateStrandBody) => api.post<Strand>('/cbc/strands/', body));
export const useDeleteStrand = () =>
  useCurriculumWrite((id: number) => api.delete<void>(`/cbc/strands/${id}/`));

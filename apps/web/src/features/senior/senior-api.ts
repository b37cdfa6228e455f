import type {
  Combination,
  CreateCombinationBody,
  PathwaysResponse,
  SeniorSettings,
  UpdateCombinationBody,
} from '@shule/shared/senior';
import type {
  AddSeniorSubjectBody,
  CreateTrackBody,
  UpdatePathwayBody,
} from '@shule/shared/senior-setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every key under ['senior'] is refreshed when the school's senior-school lists change. */
const pathwaysKey = ['senior', 'pathways'] as const;
const combinationsKey = ['senior', 'combinations'] as const;
const settingsKey = ['senior', 'settings'] as const;

export const usePathways = () =>
  useQuery({
    queryKey: pathwaysKey,
    queryFn: () => api.get<PathwaysResponse>('/senior/pathways/'),
  });

export const useCombinations = () =>
  useQuery({
    queryKey: combinationsKey,
    queryFn: () =>
      api.get<{ combinations: Combination[] }>('/senior/combinations/').then((r) => r.combinations),
  });

export const useSeniorSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.get<SeniorSettings>('/senior/settings/') });

function useSeniorWrite<A, T>(write: (args: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['senior'] }),
  });
}

export const useFillDefaultPathways = () =>
  useSeniorWrite(() => api.post<PathwaysResponse>('/senior/pathways/defaults/', {}));
export const useUpdatePathway = () =>
  useSeniorWrite(({ id, ...body }: { id: number } & UpdatePathwayBody) =>
    api.patch<PathwaysResponse>(`/senior/pathways/${id}/`, body),
  );
export const useCreateTrack = () =>
  useSeniorWrite((body: CreateTrackBody) => api.post<PathwaysResponse>('/senior/tracks/', body));
export const useRenameTrack = () =>
  useSeniorWrite(({ id, name }: { id: number; name: string }) =>
    api.patch<PathwaysResponse>(`/senior/tracks/${id}/`, { name }),
  );
export const useDeleteTrack = () =>
  useSeniorWrite((id: number) => api.delete<PathwaysResponse>(`/senior/tracks/${id}/`));
export const useAddSeniorSubject = () =>
  useSeniorWrite((body: AddSeniorSubjectBody) =>
    api.post<PathwaysResponse>('/senior/subjects/', body),
  );
export const useRemoveSeniorSubject = () =>
  useSeniorWrite((subjectId: number) =>
    api.delete<PathwaysResponse>(`/senior/subjects/${subjectId}/`),
  );
export const useCreateCombination = () =>
  useSeniorWrite((body: CreateCombinationBody) =>
    api.post<Combination>('/senior/combinations/', body),
  );
export const useUpdateCombination = () =>
  useSeniorWrite(({ id, ...body }: { id: number } & UpdateCombinationBody) =>
    api.patch<Combination>(`/senior/combinations/${id}/`, body),
  );
export const useDeleteCombination = () =>
  useSeniorWrite((id: number) => api.delete<void>(`/senior/combinations/${id}/`));
export const useSaveSeniorSettings = () =>
  useSeniorWrite((body: SeniorSettings) => api.put<SeniorSettings>('/senior/settings/', body));

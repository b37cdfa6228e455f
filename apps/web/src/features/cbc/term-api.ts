import type { CbcSettings, ClassSummary, StrandRule } from '@shule/shared/cbc-term';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { useSession } from '../../lib/session';

/** Under ['cbc'], so a change to the curriculum refreshes the summaries too. */
const settingsKey = (schoolId: number | undefined) => ['cbc', 'settings', schoolId] as const;
const summaryKey = (classId: number, termId: number) =>
  ['cbc', 'summary', classId, termId] as const;

export function useCbcSettings() {
  const { school } = useSession();
  return useQuery({
    queryKey: settingsKey(school?.id),
    queryFn: () => api.get<CbcSettings>('/cbc/settings/'),
    enabled: school != null,
  });
}

export function useSetStrandRule() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (strand_rule: StrandRule) =>
      api.put<CbcSettings>('/cbc/settings/', { strand_rule }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(school?.id), settings);
      return queryClient.invalidateQueries({ queryKey: ['cbc', 'summary'] });
    },
  });
}

export function useClassSummary(classId: number, termId: number | null) {
  return useQuery({
    queryKey: summaryKey(classId, termId ?? 0),
    queryFn: () => api.get<ClassSummary>(`/cbc/classes/${classId}/summary/?term=${termId}`),
    enabled: termId !== null,
  });
}

/** The class's progress reports for the term, one PDF, saved as the server names it. */
export function useDownloadProgressReports(classId: number, termId: number | null) {
  return useMutation({
    mutationFn: async (fallbackName: string) => {
      const { blob, fileName } = await requestFile(
        `/cbc/progress_reports/?class=${classId}&term=${termId}`,
      );
      saveFile(blob, fileName ?? fallbackName);
    },
  });
}

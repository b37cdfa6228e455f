import type { SbaCompleteness, SbaSettings, SbaSettingsBody } from '@shule/shared/sba';
import type { StudentDetail } from '@shule/shared/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { studentQueryKey } from '../../lib/queries/students';
import { saveFile } from '../../lib/save-file';

const sbaKey = (grade: number, year: number) => ['cbc', 'sba', grade, year] as const;
const settingsKey = ['cbc', 'sba-settings'] as const;

/** GET /api/cbc/sba/?grade=&year=: the grade's completeness and scores. */
export function useSbaCompleteness(grade: number | null, year: number) {
  return useQuery({
    queryKey: sbaKey(grade ?? 0, year),
    queryFn: () => api.get<SbaCompleteness>(`/cbc/sba/?grade=${grade}&year=${year}`),
    enabled: grade !== null,
  });
}

export function useSbaSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<SbaSettings>('/cbc/sba/settings/'),
  });
}

export function useSaveSbaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SbaSettingsBody) => api.put<SbaSettings>('/cbc/sba/settings/', body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** GET /api/cbc/sba/export/: the grade's CSV, saved as a download. */
export async function downloadSbaFile(grade: number, year: number) {
  const { blob, fileName } = await requestFile(`/cbc/sba/export/?grade=${grade}&year=${year}`);
  saveFile(blob, fileName ?? `sba-${year}.csv`);
}

/**
 * PATCH /api/students/{id}/ with a learner's Assessment Number, from the SBA screen; the grade's
 * completeness and the student's page are read again after it.
 */
export function useSetAssessmentNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ student, number }: { student: number; number: string }) =>
      api.patch<StudentDetail>(`/students/${student}/`, { assessment_number: number }),
    onSuccess: (saved) => {
      queryClient.setQueryData(studentQueryKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: ['cbc', 'sba'] });
    },
  });
}

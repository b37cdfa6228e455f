import type {
  Assessment,
  AssessmentHistory,
  AssessmentSheet,
  CreateAssessmentBody,
} from '@shule/shared/cbc-assessments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Under ['cbc', 'assessments']: a new assessment or a save refreshes them all. */
export const assessmentsKey = (classId: number, areaId: number) =>
  ['cbc', 'assessments', 'list', classId, areaId] as const;
export const assessmentSheetKey = (id: number) => ['cbc', 'assessments', 'sheet', id] as const;
export const assessmentHistoryKey = (id: number, student: number) =>
  ['cbc', 'assessments', 'history', id, student] as const;

export function useAssessments(classId: number, areaId: number) {
  return useQuery({
    queryKey: assessmentsKey(classId, areaId),
    queryFn: () =>
      api
        .get<{ assessments: Assessment[] }>(
          `/cbc/assessments/?class=${classId}&learning_area=${areaId}`,
        )
        .then((r) => r.assessments),
    enabled: classId > 0 && areaId > 0,
  });
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssessmentBody) => api.post<Assessment>('/cbc/assessments/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cbc', 'assessments'] }),
  });
}

export const sheetPath = (id: number) => `/cbc/assessments/${id}/`;

export function useAssessmentSheet(id: number) {
  return useQuery({
    queryKey: assessmentSheetKey(id),
    queryFn: () => api.get<AssessmentSheet>(sheetPath(id)),
    enabled: id > 0,
  });
}

export function useEntryHistory(id: number, student: number, enabled: boolean) {
  return useQuery({
    queryKey: assessmentHistoryKey(id, student),
    queryFn: () => api.get<AssessmentHistory>(`/cbc/assessments/${id}/history/?student=${student}`),
    enabled,
    staleTime: 0,
  });
}

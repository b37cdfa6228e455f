import type { SubjectGradeItem } from '@shule/shared/grades';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Under ['subjects', 'bands'], which grade changes refresh too. */
export const subjectGradesQueryKey = (subjectId: number) =>
  ['subjects', 'bands', subjectId] as const;

export const getSubjectGrades = (subjectId: number) =>
  api.get<SubjectGradeItem[]>(`/grades/subject_grades/?subject=${subjectId}`);

export function useSubjectGrades(subjectId: number) {
  return useQuery({
    queryKey: subjectGradesQueryKey(subjectId),
    queryFn: () => getSubjectGrades(subjectId),
    enabled: Number.isInteger(subjectId) && subjectId > 0,
  });
}

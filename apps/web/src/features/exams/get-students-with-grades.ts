import type { StudentWithScores } from '@shule/shared/scores';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Under ['scores']: subject and class changes refresh it too. */
export const studentsWithGradesQueryKey = (examId: number) => ['scores', 'exam', examId] as const;

export const getStudentsWithGrades = (examId: number) =>
  api.get<StudentWithScores[]>(`/students/students_with_grades/?exam=${examId}`);

export function useStudentsWithGrades(examId: number) {
  return useQuery({
    queryKey: studentsWithGradesQueryKey(examId),
    queryFn: () => getStudentsWithGrades(examId),
    enabled: Number.isInteger(examId) && examId > 0,
  });
}

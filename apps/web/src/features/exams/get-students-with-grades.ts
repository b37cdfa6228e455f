import type { StudentsWithGrades } from '@shule/shared/scores';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Under ['scores']: subject and class changes refresh it too. */
export const studentsWithGradesQueryKey = (examId: number, classId: number) =>
  ['scores', 'exam', examId, 'class', classId] as const;

export const getStudentsWithGrades = (examId: number, classId: number) =>
  api.get<StudentsWithGrades>(`/students/students_with_grades/?exam=${examId}&class=${classId}`);

/** One class of the exam: its subjects and its students with their marks. */
export function useStudentsWithGrades(examId: number, classId: number | undefined) {
  return useQuery({
    queryKey: studentsWithGradesQueryKey(examId, classId ?? 0),
    queryFn: () => getStudentsWithGrades(examId, classId!),
    enabled: Number.isInteger(examId) && examId > 0 && classId !== undefined,
  });
}

import type { StudentResults } from '@shule/shared/results/student-results';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Under ['results'], so saved marks anywhere refresh the student's list here too. */
export const studentResultsKey = (studentId: number) => ['results', 'student', studentId] as const;

export const getStudentResults = (studentId: number) =>
  api.get<StudentResults>(`/students/${studentId}/results/`).then((r) => r.exams);

/** The exams a student has marks in, newest first (a teacher: those of the classes they lead). */
export function useStudentResults(studentId: number) {
  return useQuery({
    queryKey: studentResultsKey(studentId),
    queryFn: () => getStudentResults(studentId),
  });
}

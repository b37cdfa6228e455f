import type {
  SaveStudentMarks,
  SaveStudentMarksResponse,
  StudentsWithGrades,
} from '@shule/shared/scores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { studentsWithGradesQueryKey } from './get-students-with-grades';

/** One student's marks for the exam; the server saves all of them or none. */
export const saveStudentScores = (body: SaveStudentMarks) =>
  api.post<SaveStudentMarksResponse>('/grades/student_subject_grades/', body);

/** The answer carries the student's marks as saved: the class's list is patched with them. */
export function useSaveStudentScores(examId: number, classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStudentScores,
    onSuccess: (saved) => {
      const marks = Object.fromEntries(saved.subject_scores.map((s) => [s.subject, s.score]));
      queryClient.setQueryData<StudentsWithGrades>(
        studentsWithGradesQueryKey(examId, classId),
        (old) =>
          old && {
            ...old,
            students: old.students.map((s) => (s.id === saved.student ? { ...s, marks } : s)),
          },
      );
      queryClient.invalidateQueries({ queryKey: ['scores'], refetchType: 'none' });
    },
  });
}

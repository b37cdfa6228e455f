import type {
  SaveStudentMarks,
  SaveStudentMarksResponse,
  StudentWithScores,
} from '@shule/shared/scores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { studentsWithGradesQueryKey } from './get-students-with-grades';

/** One student's marks for the exam; the server saves all of them or none. */
export const saveStudentScores = (body: SaveStudentMarks) =>
  api.post<SaveStudentMarksResponse>('/grades/student_subject_grades/', body);

/** The answer carries the student's marks as saved: the list is patched with them. */
export function useSaveStudentScores(examId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStudentScores,
    onSuccess: (saved) => {
      queryClient.setQueryData<StudentWithScores[]>(studentsWithGradesQueryKey(examId), (old) =>
        old?.map((s) =>
          s.id === saved.student ? { ...s, subject_scores: saved.subject_scores } : s,
        ),
      );
      queryClient.invalidateQueries({ queryKey: ['scores'], refetchType: 'none' });
    },
  });
}

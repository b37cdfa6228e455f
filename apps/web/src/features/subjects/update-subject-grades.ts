import type { BatchUpdateBands, SubjectGradeItem } from '@shule/shared/grades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { subjectGradesQueryKey } from './get-subject-grades';

/** All the changed bands in one call: the server saves all of them or none. */
export const updateSubjectGrades = (updates: BatchUpdateBands['updates']) =>
  api.patch<SubjectGradeItem[]>('/grades/subject_grades/batch_update/', { updates });

export function useUpdateSubjectGrades(subjectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubjectGrades,
    onSuccess: (changed) => {
      const byId = new Map(changed.map((b) => [b.id, b]));
      queryClient.setQueryData<SubjectGradeItem[]>(subjectGradesQueryKey(subjectId), (old) =>
        old?.map((b) => byId.get(b.id) ?? b),
      );
      queryClient.invalidateQueries({ queryKey: subjectGradesQueryKey(subjectId) });
    },
  });
}

import type { ClassSubjectsBody, LearnerSubjectsBody } from '@shule/shared/senior';
import type { ClassSubjects, LearnerSubjects } from '@shule/shared/senior-choices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Keys under ['senior']: a learner's or a stream's save refreshes both and the combinations. */
const streamKey = (classId: number) => ['senior', 'stream-subjects', classId] as const;
const learnerKey = (studentId: number) => ['senior', 'learner-subjects', studentId] as const;

export const useStreamSubjects = (classId: number) =>
  useQuery({
    queryKey: streamKey(classId),
    queryFn: () => api.get<ClassSubjects>(`/classes/${classId}/subjects/`),
  });

export function useSaveStreamSubjects(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassSubjectsBody) =>
      api.put<ClassSubjects>(`/classes/${classId}/subjects/`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(streamKey(classId), answer);
      return queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'senior' &&
          (q.queryKey[1] === 'combinations' || q.queryKey[1] === 'learner-subjects'),
      });
    },
  });
}

export const useLearnerSubjects = (studentId: number, enabled = true) =>
  useQuery({
    queryKey: learnerKey(studentId),
    queryFn: () => api.get<LearnerSubjects>(`/students/${studentId}/subjects/`),
    enabled,
  });

export function useSaveLearnerSubjects(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LearnerSubjectsBody) =>
      api.put<LearnerSubjects>(`/students/${studentId}/subjects/`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(learnerKey(studentId), answer);
      return queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'students' ||
          (q.queryKey[0] === 'senior' &&
            (q.queryKey[1] === 'combinations' || q.queryKey[1] === 'stream-subjects')),
      });
    },
  });
}

import type {
  Assignment,
  AssignmentListResponse,
  CreateAssignmentBody,
} from '@shule/shared/teaching';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * Teaching assignments (who teaches which subject to which class): the teachers screen assigns
 * from a teacher's row, the classes screen from a class. A change refreshes both the teachers
 * list (its rows carry the assignments) and every class's list.
 */
export const classAssignmentsQueryKey = (classId: number) =>
  ['assignments', 'class', classId] as const;

export function useClassAssignments(classId: number | undefined) {
  return useQuery({
    queryKey: classAssignmentsQueryKey(classId ?? 0),
    queryFn: () =>
      api
        .get<AssignmentListResponse>(`/classes/${classId}/assignments/`)
        .then((r) => r.assignments),
    enabled: classId !== undefined,
  });
}

function useRefreshAssignments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['assignments'] }),
      queryClient.invalidateQueries({ queryKey: ['teachers'] }),
    ]);
}

export function useAssignTeaching() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ teacher, ...body }: CreateAssignmentBody & { teacher: number }) =>
      api.post<Assignment>(`/staff/teachers/${teacher}/assignments/`, body),
    onSuccess: refresh,
  });
}

export function useEndAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ teacher, assignment }: { teacher: number; assignment: number }) =>
      api.delete(`/staff/teachers/${teacher}/assignments/${assignment}/`),
    onSuccess: refresh,
  });
}

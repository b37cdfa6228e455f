import type { TeacherListResponse } from '@shule/shared/teachers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's teachers, newest first: the teachers screen lists them and the classes screen
 * picks a class teacher from them. Every key under ['teachers'] is refreshed when one is added.
 */
export const teachersQueryKey = (schoolId: number | undefined) =>
  ['teachers', 'list', schoolId] as const;

export function useTeachers() {
  const { school } = useSession();
  return useQuery({
    queryKey: teachersQueryKey(school?.id),
    queryFn: () =>
      api.get<TeacherListResponse>(`/schools/${school?.id}/teachers/`).then((r) => r.teachers),
    enabled: school != null,
  });
}

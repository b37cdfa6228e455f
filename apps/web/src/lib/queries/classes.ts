import type { ClassListResponse } from '@shule/shared/classes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's classes, wanted by several screens (classes, students, subjects, messages).
 * Every key under ['classes'] is refreshed when a class changes.
 */
export const classesQueryKey = (schoolId: number | undefined) =>
  ['classes', 'list', schoolId] as const;

export function useClasses() {
  const { school } = useSession();
  return useQuery({
    queryKey: classesQueryKey(school?.id),
    queryFn: () =>
      api.get<ClassListResponse>(`/classes/?school=${school?.id}`).then((r) => r.classes),
    enabled: school != null,
  });
}

import type { StudentListResponse } from '@shule/shared/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** Class 0 means every class of the school (DESIGN.md §6). */
export const ALL_CLASSES = 0;

export const studentsQueryKey = (schoolId: number | undefined, classId: number) =>
  ['students', 'list', schoolId, classId] as const;

export const getStudents = (schoolId: number, classId: number) =>
  api
    .get<StudentListResponse>(`/students/get_students/${classId}/${schoolId}/`)
    .then((r) => r.students);

export function useStudents(classId: number) {
  const { school } = useSession();
  return useQuery({
    queryKey: studentsQueryKey(school?.id, classId),
    queryFn: () => getStudents(school!.id, classId),
    enabled: school != null,
  });
}

import type { Subject } from '@shule/shared/subjects';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's subjects: the subjects screen lists them and a student's profile names the
 * subjects they take. Every key under ['subjects'] is refreshed when one changes.
 */
export const subjectsQueryKey = (schoolId: number | undefined) =>
  ['subjects', 'list', schoolId] as const;

export const getSubjects = (schoolId: number) =>
  api.get<Subject[]>(`/grades/subjects/?school_id=${schoolId}`);

export function useSubjects() {
  const { school } = useSession();
  return useQuery({
    queryKey: subjectsQueryKey(school?.id),
    queryFn: () => getSubjects(school!.id),
    enabled: school != null,
  });
}

import type { Grade } from '@shule/shared/grades';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const gradesQueryKey = (schoolId: number | undefined) =>
  ['grades', 'list', schoolId] as const;

export const getGrades = (schoolId: number) =>
  api.get<Grade[]>(`/grades/grades/?school=${schoolId}`);

export function useGrades() {
  const { school } = useSession();
  return useQuery({
    queryKey: gradesQueryKey(school?.id),
    queryFn: () => getGrades(school!.id),
    enabled: school != null,
  });
}

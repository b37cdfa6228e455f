import type { Exam } from '@shule/shared/exams';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const examsQueryKey = (schoolId: number | undefined) => ['exams', 'list', schoolId] as const;

export const getExams = (schoolId: number) => api.get<Exam[]>(`/grades/exams/?school=${schoolId}`);

export function useExams() {
  const { school } = useSession();
  return useQuery({
    queryKey: examsQueryKey(school?.id),
    queryFn: () => getExams(school!.id),
    enabled: school != null,
  });
}

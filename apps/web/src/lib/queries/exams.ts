import type { Exam } from '@shule/shared/exams';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's exams, wanted by the exams screen and the results screen. Every key under
 * ['exams'] is refreshed when an exam changes.
 */
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

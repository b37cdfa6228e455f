import type { Exam } from '@shule/shared/exams';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const getExam = (id: number) => api.get<Exam>(`/grades/exams/${id}/`);

export function useExam(id: number) {
  return useQuery({
    queryKey: ['exams', 'detail', id],
    queryFn: () => getExam(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

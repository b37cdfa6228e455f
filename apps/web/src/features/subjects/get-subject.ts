import type { Subject } from '@shule/shared/subjects';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const getSubject = (id: number) => api.get<Subject>(`/grades/subjects/${id}/`);

export function useSubject(id: number) {
  return useQuery({
    queryKey: ['subjects', 'detail', id],
    queryFn: () => getSubject(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

import type { StudentRow } from '@shule/shared/students';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';

export const getStudent = (id: number) => api.get<StudentRow>(`/students/${id}/`);

export function useStudent(id: number) {
  return useQuery({
    queryKey: ['students', 'detail', id],
    queryFn: () => getStudent(id),
    enabled: Number.isInteger(id) && id > 0,
    // A student who is not there (404) will not appear by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });
}

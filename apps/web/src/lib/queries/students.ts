import type { StudentDetail } from '@shule/shared/students';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';

export const studentQueryKey = (id: number) => ['students', 'detail', id] as const;

/** The full row, with the subjects the student takes and their entry marks. */
export const getStudent = (id: number) => api.get<StudentDetail>(`/students/${id}/`);

export function useStudent(id: number) {
  return useQuery({
    queryKey: studentQueryKey(id),
    queryFn: () => getStudent(id),
    enabled: Number.isInteger(id) && id > 0,
    // A student who is not there (404) will not appear by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });
}

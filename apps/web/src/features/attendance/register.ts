import type { RegisterBody, RegisterResponse } from '@shule/shared/attendance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const registerUrl = (classId: number, date: string | null) =>
  `/classes/${classId}/register/${date ? `?date=${date}` : ''}`;

/** A class's register for a day (today in Nairobi when `date` is null). */
export const useRegister = (classId: number, date: string | null) =>
  useQuery({
    queryKey: ['attendance', 'register', classId, date],
    queryFn: () => api.get<RegisterResponse>(registerUrl(classId, date)),
    enabled: classId > 0,
  });

/** Saves the day's marks in one request; the dashboards' attendance cards refresh. */
export function useSaveRegister(classId: number, date: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.put<RegisterResponse>(registerUrl(classId, date), body),
    onSuccess: (saved) => {
      const key = ['attendance', 'register', classId, date];
      queryClient.setQueryData(key, saved);
      queryClient.invalidateQueries({
        queryKey: ['attendance'],
        predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(key),
      });
      queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

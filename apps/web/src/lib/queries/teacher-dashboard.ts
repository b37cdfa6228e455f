import type { TeacherDashboard } from '@shule/shared/teacher-dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * The signed-in teacher's dashboard. Always asked again on coming back to it (stale at once):
 * the marks just entered on the mark entry screen show in the counts.
 */
export const useTeacherDashboard = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['dashboard', 'teacher'],
    queryFn: () => api.get<TeacherDashboard>('/dashboard/teacher/'),
    staleTime: 0,
    enabled,
  });

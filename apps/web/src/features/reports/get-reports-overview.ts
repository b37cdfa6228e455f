import type { ReportsOverview } from '@shule/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const useReportsOverview = () =>
  useQuery({
    queryKey: ['reports', 'overview'],
    queryFn: () => api.get<ReportsOverview>('/reports/'),
  });

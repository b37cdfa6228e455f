import type { LatestResults } from '@shule/shared/results/analysis';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Under ['results'], so what refreshes results refreshes the card.
export const useLatestResults = (schoolId: number) =>
  useQuery({
    queryKey: ['results', 'latest', schoolId],
    queryFn: () => api.get<LatestResults>('/exams/latest_results/'),
  });

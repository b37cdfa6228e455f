import type { School } from '@shule/shared/schools';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The signed-in user's school as GET /api/schools/{id}/ answers it: the grades screen shows and
 * changes its grading scheme, and the exam dialog names it as the default.
 */
export const schoolQueryKey = (schoolId: number | undefined) =>
  ['school', 'detail', schoolId] as const;

export const getSchool = (schoolId: number) => api.get<School>(`/schools/${schoolId}/`);

export function useSchool() {
  const { school } = useSession();
  return useQuery({
    queryKey: schoolQueryKey(school?.id),
    queryFn: () => getSchool(school!.id),
    enabled: school != null,
  });
}

import type { AcademicYearList } from '@shule/shared/academic-years';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's academic years, wanted by the academic years and terms screens (and later fees).
 * Every key under ['academic-years'] is refreshed when a year changes.
 */
export const academicYearsQueryKey = (schoolId: number | undefined) =>
  ['academic-years', 'list', schoolId] as const;

export function useAcademicYears() {
  const { school } = useSession();
  return useQuery({
    queryKey: academicYearsQueryKey(school?.id),
    queryFn: () =>
      api
        .get<AcademicYearList>(`/fees/academic_years/?school_id=${school?.id}`)
        .then((r) => r.academic_years),
    enabled: school != null,
  });
}

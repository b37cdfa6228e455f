import type { Level, LevelList } from '@shule/shared/levels';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/** The school's levels and their curricula; refreshed with the classes, which make them. */
export const levelsQueryKey = (schoolId: number | undefined) =>
  ['classes', 'levels', schoolId] as const;

export function useLevels() {
  const { school } = useSession();
  return useQuery({
    queryKey: levelsQueryKey(school?.id),
    queryFn: (): Promise<Level[]> =>
      api.get<LevelList>(`/levels/?school=${school?.id}`).then((r) => r.levels),
    enabled: school != null,
  });
}

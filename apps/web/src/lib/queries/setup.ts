import type { SetupState } from '@shule/shared/setup';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's setup: the wizard resumes from it and the dashboard offers the wizard until it is
 * finished. Every key under ['setup'] is refreshed when a step is saved.
 */
export const setupQueryKey = (schoolId: number | undefined) =>
  ['setup', 'state', schoolId] as const;

export const getSetup = (schoolId: number) => api.get<SetupState>(`/setup/?school=${schoolId}`);

/** The state of a school's setup, as the dashboard reads it for the school it shows. */
export const setupQuery = (schoolId: number) => ({
  queryKey: setupQueryKey(schoolId),
  queryFn: () => getSetup(schoolId),
});

export function useSetup({ enabled = true }: { enabled?: boolean } = {}) {
  const { school } = useSession();
  return useQuery({
    queryKey: setupQueryKey(school?.id),
    queryFn: () => getSetup(school!.id),
    enabled: enabled && school != null,
  });
}

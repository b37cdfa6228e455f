import type { CurrentUser } from '@shule/shared/auth';
import type { SetupState } from '@shule/shared/setup';
import type { SetupProgress } from '@shule/shared/setup-progress';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';

/**
 * The school's setup: the wizard resumes from it and the dashboard offers the wizard until it is
 * finished. Every key under ['setup'] is refreshed when a step is saved.
 */
export const setupQueryKey = (schoolId: number | undefined) =>
  ['setup', 'state', schoolId] as const;

export const getSetup = (schoolId: number) => api.get<SetupState>(`/setup/?school=${schoolId}`);

const progressOf = ({ step, finished_at }: SetupProgress): SetupProgress => ({ step, finished_at });

/**
 * The dashboard's own key: the session's answer (GET /users/user/) already says where an admin's
 * setup stands, and app/signed-in-app.tsx puts it here, so the dashboard, opened first, shows or
 * leaves out the setup offer without another round trip. It holds only the step and the finish,
 * never standing in for the wizard's full state.
 */
export const setupProgressKey = (schoolId: number) => ['setup', 'progress', schoolId] as const;

/** Where a school's setup stands, as the dashboard reads it for the school it shows. */
export const setupProgressQuery = (schoolId: number) => ({
  queryKey: setupProgressKey(schoolId),
  queryFn: async () => progressOf(await getSetup(schoolId)),
});

/**
 * Keeps where an admin's setup stands as the session's answer said it, for the dashboard's first
 * render (app/signed-in-app.tsx, as the signed-in screens' cache is made).
 */
export function keepSessionSetup(queryClient: QueryClient, user: CurrentUser | null) {
  if (user?.setup && user.school) {
    queryClient.setQueryData(setupProgressKey(user.school.id), user.setup);
  }
}

/** Keeps a state the server answered (a step moved to, the finish) for the wizard and the dashboard. */
export function keepSetupState(queryClient: QueryClient, schoolId: number, state: SetupState) {
  queryClient.setQueryData(setupQueryKey(schoolId), state);
  queryClient.setQueryData(setupProgressKey(schoolId), progressOf(state));
}

export function useSetup({ enabled = true }: { enabled?: boolean } = {}) {
  const { school } = useSession();
  return useQuery({
    queryKey: setupQueryKey(school?.id),
    queryFn: () => getSetup(school!.id),
    enabled: enabled && school != null,
  });
}

import type { SetupState } from '@shule/shared/setup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { keepSetupState } from '../../lib/queries/setup';
import { useSession } from '../../lib/session';

/** Finish Setup (POST /api/setup/finish/): the answer is the finished state, kept at once. */
export function useFinishSetup() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SetupState>('/setup/finish/', { school: school!.id }),
    onSuccess: (state) => keepSetupState(queryClient, school!.id, state),
  });
}

import type { SetupState } from '@shule/shared/setup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { keepSetupState } from '../../lib/queries/setup';
import { useSession } from '../../lib/session';

export const putSetupStep = (schoolId: number, step: number) =>
  api.put<SetupState>('/setup/', { school: schoolId, step });

export const postFinishSetup = (schoolId: number) =>
  api.post<SetupState>('/setup/finish/', { school: schoolId });

/** Moves the wizard to a step (PUT /api/setup/): the answer is the new state, kept at once. */
export function useSaveSetupStep() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: number) => putSetupStep(school!.id, step),
    onSuccess: (state) => keepSetupState(queryClient, school!.id, state),
  });
}

/** Finish Setup (POST /api/setup/finish/). */
export function useFinishSetup() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postFinishSetup(school!.id),
    onSuccess: (state) => keepSetupState(queryClient, school!.id, state),
  });
}

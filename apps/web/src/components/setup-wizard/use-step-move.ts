import type { SetupState } from '@shule/shared/setup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../lib/api-client';
import { keepSetupState } from '../../lib/queries/setup';
import { useSession } from '../../lib/session';

/** Moves the wizard to a step (PUT /api/setup/): the answer is the new state, kept at once. */
function useSaveSetupStep() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: number) => api.put<SetupState>('/setup/', { school: school!.id, step }),
    onSuccess: (state) => keepSetupState(queryClient, school!.id, state),
  });
}

/**
 * A step's way on: save what it holds (`save`), then record the step moved to. The queries under
 * `refresh` (the first part of their keys: what the step saves, which other screens read too) are
 * refreshed once it saved. A failure of the move itself is answered as the message to show above
 * the step.
 */
export function useStepMove({ refresh = [] }: { refresh?: readonly string[] } = {}) {
  const queryClient = useQueryClient();
  const saveStep = useSaveSetupStep();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function move(step: number, save?: () => Promise<boolean>) {
    setFailure(null);
    setBusy(true);
    try {
      if (save && !(await save())) return false;
      await Promise.all(refresh.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      await saveStep.mutateAsync(step);
      return true;
    } catch (err) {
      setFailure(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { move, busy, failure, setFailure };
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSaveSetupStep } from './save-setup-step';

/**
 * A step's way on: save what it holds (`save`), then record the step moved to. What the step
 * saved is refreshed everywhere (the year, terms and classes screens read the same records).
 * A failure of the move itself is answered as the message to show above the step.
 */
export function useStepMove() {
  const queryClient = useQueryClient();
  const saveStep = useSaveSetupStep();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function move(step: number, save?: () => Promise<boolean>) {
    setFailure(null);
    setBusy(true);
    try {
      if (save && !(await save())) return false;
      await Promise.all(
        ['academic-years', 'terms', 'classes', 'fees'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
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

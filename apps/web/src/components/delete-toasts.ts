import { errorMessage } from '../lib/api-client';
import { canRetry, failureDescription } from '../lib/form-errors';
import { toast } from './ui/toast';

/**
 * A list's delete mutation callbacks: 'Deleted / Term deleted successfully', or 'Not Deleted /
 * Could not delete term' with the server's reason and Try Again (not for a 409: it would fail
 * again). `what` is lower case, as it reads mid-sentence.
 */
export const deleteToasts = (what: string, retry: () => void) => ({
  onSuccess: () =>
    toast({
      title: 'Deleted',
      description: `${what[0]!.toUpperCase()}${what.slice(1)} deleted successfully`,
      variant: 'success',
    }),
  onError: (err: unknown) =>
    toast({
      title: 'Not Deleted',
      description: failureDescription(err, `Could not delete ${what}`),
      variant: 'destructive',
      action: canRetry(err) ? { label: 'Try Again', onClick: retry } : undefined,
    }),
});

/** Ending a teaching assignment, from a teacher's row or from a class: `label` names it. */
export const endAssignmentToasts = (label: string) => ({
  onSuccess: () => toast({ title: 'Assignment removed', description: label }),
  onError: (err: unknown) =>
    toast({
      title: 'Assignment not removed',
      description: errorMessage(err),
      variant: 'destructive',
    }),
});

import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** A list or page that failed to load: 'Could not load the exams. <reason>' and 'Try Again'. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  /** What failed, as it reads after 'Could not load': 'the exams'. */
  what: string;
  error: unknown;
  onRetry(): unknown;
}) {
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>
        Could not load {what}. {errorMessage(error)}
      </span>
      <Button size="sm" variant="outline" onClick={() => onRetry()}>
        Try Again
      </Button>
    </Alert>
  );
}

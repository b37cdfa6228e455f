import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** A list or page that failed to load: 'Could not load the exams. <reason>' and a retry button. */
export function LoadError({
  what,
  error,
  onRetry,
  retryLabel = 'Try Again',
}: {
  /** What failed, as it reads after 'Could not load': 'the exams'. */
  what: string;
  error: unknown;
  onRetry(): unknown;
  retryLabel?: string;
}) {
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      {/* Two text nodes, as the pages had them: the text renders exactly as before. */}
      <span>
        {`Could not load ${what}. `}
        {errorMessage(error)}
      </span>
      <Button size="sm" variant="outline" onClick={() => onRetry()}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

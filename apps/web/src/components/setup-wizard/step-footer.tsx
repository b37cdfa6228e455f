import { Button } from '../ui/button';

/** Back and the step's submit (Next, Finish Setup…), both disabled while the step saves. */
export function StepFooter({
  busy,
  submitLabel = 'Next',
  onBack,
}: {
  busy: boolean;
  submitLabel?: string;
  onBack?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" disabled={busy}>
        {busy ? '... Loading' : submitLabel}
      </Button>
    </div>
  );
}

import { Button } from './button';

/** A dialog form's Cancel and submit buttons, both disabled while the form is sent. */
export function FormFooter({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel(): void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? '... Loading' : submitLabel}
      </Button>
    </div>
  );
}

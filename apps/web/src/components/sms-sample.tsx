import type { ReactNode } from 'react';

/**
 * One parent's own SMS as a preview shows it before sending (results, fee reminders): whose it
 * is, the text, and its characters and SMS parts, with `note` after the parts.
 */
export function SmsSample({
  sample,
  testId,
  note,
}: {
  sample: { student_name: string; admission_number: string; content: string; parts: number };
  testId: string;
  note?: ReactNode;
}) {
  return (
    <figure className="space-y-1.5">
      <figcaption className="text-sm font-medium">
        What the parent of {sample.student_name} ({sample.admission_number}) gets
      </figcaption>
      <p
        data-testid={testId}
        className="whitespace-pre-line break-words rounded-md border bg-muted/60 p-3 font-mono text-sm"
      >
        {sample.content}
      </p>
      <p className="text-xs text-muted-foreground">
        {[...sample.content].length} characters ·{' '}
        {sample.parts === 1 ? '1 SMS part' : `${sample.parts} SMS parts`}
        {note}
      </p>
    </figure>
  );
}

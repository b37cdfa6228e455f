import type { ScaleGrade } from '@shule/shared/grading-scales';

/** One grade of a one-click scale and its default band of marks: "B+ 70–74". */
export function ScaleBandChip({
  grade,
}: {
  grade: Pick<ScaleGrade, 'code' | 'min_score' | 'max_score'>;
}) {
  return (
    <span className="block rounded-md border bg-muted/50 px-2 py-1 text-xs tabular-nums">
      <span className="font-semibold">{grade.code}</span>{' '}
      <span className="text-muted-foreground">
        {grade.min_score}–{grade.max_score}
      </span>
    </span>
  );
}

import { formatDate } from '@shule/shared/display-dates';
import { type Exam, type ExamComponent, equalWeights } from '@shule/shared/exams';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useExams } from '../../lib/queries/exams';

const total = (components: readonly ExamComponent[]) =>
  components.reduce((sum, c) => sum + (Number.isFinite(c.weight) ? c.weight : 0), 0);

const sameWeights = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * "Combine results of other exams": the exams whose marks make this one's, each with its weight
 * out of 100, and Equal weights in one click. A pick keeps the weights equal while nobody has
 * typed one; after that it takes what is left of 100. `exam` is the exam being edited (it
 * cannot combine itself); combined exams are not offered.
 */
export function CombineExamsField({
  exam,
  value,
  onChange,
  error,
  weightError,
}: {
  exam: Exam | null;
  value: ExamComponent[];
  onChange(next: ExamComponent[]): void;
  error?: string;
  weightError(index: number): string | undefined;
}) {
  const [combining, setCombining] = useState(value.length > 0);
  const exams = useExams();
  // Earliest first, the order a report form's columns take.
  const candidates = (exams.data ?? [])
    .filter((e) => e.id !== exam?.id && e.components.length === 0)
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
  const order = new Map(candidates.map((e, i) => [e.id, i]));
  const picked = new Map(value.map((c) => [c.exam, c]));

  const toggle = (id: number) => {
    const untouched =
      value.length === 0 ||
      sameWeights(
        value.map((c) => c.weight),
        equalWeights(value.length),
      );
    const exams = picked.has(id)
      ? value.filter((c) => c.exam !== id)
      : [...value, { exam: id, weight: Math.max(1, 100 - total(value)) }].sort(
          (a, b) => (order.get(a.exam) ?? 0) - (order.get(b.exam) ?? 0),
        );
    onChange(untouched ? withEqualWeights(exams) : exams);
  };
  const withEqualWeights = (components: ExamComponent[]) => {
    const weights = equalWeights(components.length);
    return components.map((c, i) => ({ ...c, weight: weights[i]! }));
  };
  const setWeight = (id: number, typed: string) =>
    onChange(
      value.map((c) =>
        c.exam === id ? { ...c, weight: typed === '' ? Number.NaN : Number(typed) } : c,
      ),
    );

  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Combined exam</legend>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={combining}
          onChange={(e) => {
            setCombining(e.target.checked);
            if (!e.target.checked) onChange([]);
          }}
        />
        <span>
          <span className="block font-medium">Combine results of other exams</span>
          <span className="block text-xs text-muted-foreground">
            Its marks are worked out from the exams you pick, by their weights; none are typed in.
          </span>
        </span>
      </label>
      {combining ? (
        exams.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : exams.isError ? (
          <Alert tone="error">Could not load the exams. {errorMessage(exams.error)}</Alert>
        ) : candidates.length < 2 ? (
          <p className="rounded-md border border-dashed px-3 py-3 text-sm text-muted-foreground">
            Create at least two exams with marks to combine them.
          </p>
        ) : (
          <div className="space-y-2">
            <ul
              className="max-h-60 divide-y overflow-y-auto rounded-md border"
              aria-label="Exams to combine"
            >
              {candidates.map((candidate) => {
                const component = picked.get(candidate.id);
                const index = value.findIndex((c) => c.exam === candidate.id);
                const invalid = index >= 0 && weightError(index) !== undefined;
                return (
                  <li
                    key={candidate.id}
                    className="flex min-h-11 items-center gap-3 px-3 py-1.5 text-sm"
                  >
                    <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-primary"
                        checked={component !== undefined}
                        onChange={() => toggle(candidate.id)}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block break-words">{candidate.name}</span>
                        <span className="block text-xs text-muted-foreground">
                          {formatDate(candidate.start_date)}
                        </span>
                      </span>
                    </label>
                    {component ? (
                      <span className="flex items-center gap-1">
                        <input
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={100}
                          step={1}
                          aria-label={`Weight of ${candidate.name}`}
                          aria-invalid={invalid || undefined}
                          className={cn(
                            'h-9 w-16 rounded-md border border-input bg-background px-2 text-right text-sm',
                            invalid && 'border-destructive',
                          )}
                          value={Number.isNaN(component.weight) ? '' : component.weight}
                          onChange={(e) => setWeight(candidate.id, e.target.value)}
                        />
                        <span className="text-muted-foreground">%</span>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {value.length === 0
                  ? 'Tick two or more exams.'
                  : `${value.length} exams, weights adding up to ${total(value)}.`}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={value.length < 2}
                onClick={() => onChange(withEqualWeights(value))}
              >
                Equal weights
              </Button>
            </div>
          </div>
        )
      ) : null}
      {combining && error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { rubricWords } from '@shule/shared/cbc-assessments';
import { RATING_LEVELS, type RatingLevel } from '@shule/shared/cbc-report-inputs';
import { cn } from '../../lib/cn';

/**
 * The four rubric levels as buttons to tap, the words beside each code; tapping the chosen one
 * again clears it. A group of toggle buttons, each saying whether it is pressed.
 */
export function RatingButtons({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string | null;
  disabled?: boolean;
  onChange(level: RatingLevel | null): void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {RATING_LEVELS.map((level) => {
          const pressed = value === level;
          return (
            <button
              key={level}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => onChange(pressed ? null : level)}
              className={cn(
                'flex min-h-11 items-center gap-2 rounded-md border px-2 py-1.5 text-left text-xs transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                pressed
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-background hover:bg-muted',
              )}
            >
              <span className="text-sm font-semibold">{level}</span>
              <span>{rubricWords(level)}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
